#!/usr/bin/env bash
# Fuzzes the chapter parsers with libFuzzer and AddressSanitizer.
#   scripts/fuzz.sh [SECONDS]     default 600; the corpus grows in Fuzz/corpus (not committed)
# Crashing inputs land in Fuzz/crashes/; copy each into Tests/HandbookGenTests/Fixtures/fuzz-regressions/
# so the regular test suite replays it (FuzzRegressionTests).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
HANDBOOKGEN_FUZZ=1 swift build --scratch-path .build-fuzz --product HandbookFuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
mkdir -p Fuzz/corpus Fuzz/crashes
# Seed with the real chapters and the regressions.
cp -n content/*/*/*.md Fuzz/corpus/ 2>/dev/null || true
cp -n Tests/HandbookGenTests/Fixtures/fuzz-regressions/* Fuzz/corpus/ 2>/dev/null || true
.build-fuzz/debug/HandbookFuzz Fuzz/corpus -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 \
  -artifact_prefix=Fuzz/crashes/ -print_final_stats=1 2>&1 | tee .build-fuzz/fuzz.log | grep -E "^#|stat::|ERROR|SUMMARY|Done" | tail -20
