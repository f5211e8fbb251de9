#!/usr/bin/env bash
# Installs what HandbookGen needs, skipping what is already there: Debian's packages with apt,
# or on a Mac Homebrew's (https://brew.sh must be installed first).
#   scripts/install-deps.sh          the build's needs: cmark-gfm, OpenCC (Debian: libopencc-dev; macOS: brew install opencc),
#                                    jemalloc on Linux (libjemalloc-dev: the executable's malloc)
#   scripts/install-deps.sh --test   also the test suite's (Chromium, chromedriver, Node.js, Python packages)
set -euo pipefail
python_packages() {
  # axe-selenium-python runs axe-core; selenium-axe-python carries a current axe-core (4.9,
  # with the WCAG 2.2 rules) where axe-selenium-python's own copy dates from 2018. mcp is the
  # reference MCP client the MCP server's end-to-end test talks to; check-jsonschema carries the
  # GitHub workflow schema the publishing test validates against, offline.
  python3 -c 'import selenium, jsonschema, pytest, yaml, axe_selenium_python, selenium_axe_python, check_jsonschema; from importlib.metadata import version; assert version("mcp") == "2.3.0"' 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check selenium jsonschema pytest \
         axe-selenium-python selenium-axe-python "mcp==2.3.0" check-jsonschema pyyaml
}
if [ "$(uname)" = "Darwin" ]; then
  command -v brew >/dev/null || { echo "Install Homebrew first: https://brew.sh" >&2; exit 1; }
  want=(cmark-gfm opencc)
  [ "${1:-}" = "--test" ] && want+=(chromedriver node)
  for formula in "${want[@]}"; do
    brew list "$formula" >/dev/null 2>&1 || brew install "$formula"
  done
  # The end-to-end tests drive Google Chrome (install it from google.com/chrome) through chromedriver.
  if [ "${1:-}" = "--test" ]; then python_packages; fi
  exit 0
fi
want=(libcmark-gfm-dev libcmark-gfm-extensions-dev libopencc-dev opencc libjemalloc-dev)
if [ "${1:-}" = "--test" ]; then
  # Noto CJK so screenshots show Chinese (the pages name it in their font stack).
  want+=(chromium chromium-driver fonts-noto-cjk nodejs)
fi
missing=()
for package in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if [ "${1:-}" = "--test" ]; then python_packages; fi
