#!/usr/bin/env bash
# Installs a release build: PREFIX/bin/splashvid, PREFIX/share/splashvid/presets, which the
# binary searches after --presets-dir, $SPLASHVID_PRESETS and ./presets, and
# PREFIX/share/splashvid/preview, the page `splashvid preview` serves. PREFIX defaults to /usr/local.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-/usr/local}"
binary="$(ci/build.sh --quiet)"
install -d "$prefix/bin" "$prefix/share/splashvid"
install -m 755 "$binary" "$prefix/bin/splashvid"
rm -rf "$prefix/share/splashvid/presets"
cp -R presets "$prefix/share/splashvid/presets"  # with assets/: images resolve beside each preset
rm -rf "$prefix/share/splashvid/preview"
cp -R preview "$prefix/share/splashvid/preview"
echo "installed $prefix/bin/splashvid, $prefix/share/splashvid/presets and $prefix/share/splashvid/preview" >&2
