#!/usr/bin/env bash
# Runs every test: the Swift unit and golden tests, then the built real handbook through schema
# validation and end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
swift build --build-tests
swift test --skip-build
node --test Tests/js/
site="$(mktemp -d)/site"
.build/debug/HandbookGen build --output "$site"
HANDBOOK_SITE="$site" HANDBOOKGEN_BIN="$PWD/.build/debug/HandbookGen" python3 -m pytest -q Tests/e2e
