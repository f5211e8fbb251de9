#!/usr/bin/env bash
# Installs what HandbookGen needs on Debian, skipping what is already there.
#   scripts/install-deps.sh          the build's needs (cmark-gfm)
#   scripts/install-deps.sh --test   also the test suite's (Chromium, chromedriver, Python packages)
set -euo pipefail
want=(libcmark-gfm-dev libcmark-gfm-extensions-dev opencc)
if [ "${1:-}" = "--test" ]; then
  want+=(chromium chromium-driver)
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
if [ "${1:-}" = "--test" ]; then
  python3 -c 'import selenium, jsonschema, pytest' 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check selenium jsonschema pytest
fi
