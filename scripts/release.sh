#!/usr/bin/env bash
# Makes a self-contained Linux release: HandbookGen built in release mode with the Swift standard
# library and Foundation linked in statically (it runs where no Swift toolchain is installed; it
# needs only Debian's libcmark-gfm and OpenCC, as apt installs them), plus the templates.
#   scripts/release.sh VERSION      → dist/handbookgen-VERSION-linux-<arch>.tar.gz
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:?usage: scripts/release.sh VERSION}"
scripts/install-deps.sh
# Foundation's static archive references libcurl (FoundationNetworking) and libxml2.
for package in libcurl4-openssl-dev libxml2-dev; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ -n "${missing[*]:-}" ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
swift build -c release --product HandbookGen --static-swift-stdlib --scratch-path .build-release
name="handbookgen-$version-linux-$(uname -m)"
rm -rf "dist/$name" && mkdir -p "dist/$name/bin"
cp .build-release/release/HandbookGen "dist/$name/bin/"
strip "dist/$name/bin/HandbookGen"
cp -R templates "dist/$name/templates"
cp README.md "dist/$name/"
cat > "dist/$name/INSTALL.txt" <<TEXT
HandbookGen $version for Linux ($(uname -m)).
Needs Debian's libcmark-gfm and opencc packages:
  sudo apt-get install libcmark-gfm0.29.0.gfm.6 libcmark-gfm-extensions0.29.0.gfm.6 libcurl4 opencc
Then, in a handbook folder: bin/HandbookGen build --templates <this folder>/templates
TEXT
tar -C dist -czf "dist/$name.tar.gz" "$name"
echo "dist/$name.tar.gz"
