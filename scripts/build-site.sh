#!/usr/bin/env bash
# Builds the handbook into _site/, installing what the build needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift run HandbookGen build "$@"
