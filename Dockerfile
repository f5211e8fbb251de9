# A small image that builds a handbook mounted at /handbook:
#   docker build -t handbookgen .
#   docker run --rm -v "$PWD":/handbook handbookgen build
# The handbook's own templates/ are used when it has them (HandbookGen init copies them);
# otherwise pass --templates /opt/handbookgen/templates.

FROM swift:6.1-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcmark-gfm-dev libcmark-gfm-extensions-dev libopencc-dev libcurl4-openssl-dev libxml2-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.resolved is not copied: its pins name this project's build machines' mirrors, and the
# image resolves the same versions from their public repositories.
COPY Package.swift ./
COPY Sources Sources
COPY Packages Packages
RUN swift build -c release --product HandbookGen --static-swift-stdlib \
 && strip .build/release/HandbookGen

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6 opencc \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/.build/release/HandbookGen /usr/local/bin/HandbookGen
COPY templates /opt/handbookgen/templates
WORKDIR /handbook
ENTRYPOINT ["HandbookGen"]
CMD ["build"]
