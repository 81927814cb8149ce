#!/usr/bin/env bash
# Fuzzes the preset loader and validator, the Lottie compiler and the .tgs/.lottie container
# readers, with libFuzzer for a bounded time.
#   ci/fuzz.sh [SECONDS]      (default 60)
#   ci/fuzz.sh replay         every corpus input once, no mutation: a deterministic regression
#                             check (what CI runs)
# Builds the preset stage with coverage and AddressSanitizer in .build/fuzz, links
# Fuzz/PresetFuzzer.swift into a fuzzer, and runs it on a copy of Fuzz/corpus (new inputs it
# finds go to .build/fuzz/corpus; a crash leaves crash-* files there and fails the script; add
# each one to Tests/SplashPresetsTests/Broken as a regression case).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-60}"
build=.build/fuzz
swift build --scratch-path "$build" --target SplashPresets -Xswiftc -sanitize=fuzzer,address -q
swift build --scratch-path "$build" --target SplashLottie -Xswiftc -sanitize=fuzzer,address -q
swift build --scratch-path "$build" --target SplashGzip -Xswiftc -sanitize=fuzzer,address -q
swift build --scratch-path "$build" --target SplashZip -Xswiftc -sanitize=fuzzer,address -q
debug="$build/debug"
# SplashLottie runs expressions through SplashScript, whose Duktape (CDuktape) is compiled C.
swiftc -sanitize=fuzzer,address -parse-as-library -I "$debug/Modules" -I Sources/CZlib -I Sources/CZip \
  -I Sources/CDuktape/include -Xcc -fmodule-map-file="$debug/CDuktape.build/module.modulemap" \
  Fuzz/PresetFuzzer.swift "$debug"/SplashPresets.build/*.o "$debug"/SplashLottie.build/*.o "$debug"/SplashDocument.build/*.o "$debug"/SplashModel.build/*.o "$debug"/SplashCore.build/*.o "$debug"/SplashFiles.build/*.o \
  "$debug"/SplashScript.build/*.o "$debug"/CDuktape.build/*.o \
  "$debug"/SplashGzip.build/*.o "$debug"/SplashZip.build/*.o -lz -lzip -lm \
  -o "$build/preset-fuzzer"
mkdir -p "$build/corpus"
cp -n Fuzz/corpus/* "$build/corpus/" 2>/dev/null || true
cd "$build"
if [ "$mode" = replay ]; then
  ./preset-fuzzer -runs=0 -max_len=65536 -timeout=10 -rss_limit_mb=4096 corpus
else
  ./preset-fuzzer -max_total_time="$mode" -max_len=65536 -timeout=10 -rss_limit_mb=4096 corpus
fi
