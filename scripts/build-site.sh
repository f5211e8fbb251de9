#!/usr/bin/env bash
# Builds the handbook into _site/, installing what the build needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# handbook.yaml names the baseline (the last published rules.json): a published id that vanished fails the build.
swift run HandbookGen build "$@"
