#!/usr/bin/env bash
# The release build draws the very pixels of the debug build the tests run. A few paths are
# taken in release builds only (SplashRaster's saturating conversions and prefetch hints), and
# the optimizer must change no result: contact sheets of every preset and example, drawn by
# both builds, must be the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
release="$(ci/build.sh --quiet)"
swift build --product splashvid -q
debug="$(swift build --show-bin-path)/splashvid"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
count=0
for file in presets/*.json5 examples/*.json5 examples/badge.json examples/badge-themes.lottie; do
  name="$(basename "$file")"
  # From the examples' folder, where their images are found.
  (cd examples && "$release" sheet --file "$repo/$file" --frames 8 --width 720 -o "$out/$name.release.png" > /dev/null 2>&1)
  (cd examples && "$debug" sheet --file "$repo/$file" --frames 8 --width 720 -o "$out/$name.debug.png" > /dev/null 2>&1)
  if ! cmp -s "$out/$name.release.png" "$out/$name.debug.png"; then
    echo "release-pixels: $file: the release build's contact sheet differs from the debug build's" >&2
    exit 1
  fi
  count=$((count + 1))
done
echo "release-pixels: $count contact sheets, release and debug builds byte for byte alike"
