#!/usr/bin/env bash
# Builds the release binary (installing missing Debian packages first), links the checkout's
# presets/ beside it so --preset finds them from any folder, and prints the binary's path.
# With --quiet only errors are printed besides the path.
set -euo pipefail
cd "$(dirname "$0")/.."
quiet=()
[ "${1:-}" = "--quiet" ] && quiet=(--quiet)
ci/install-deps.sh "${quiet[@]}"
if [ ${#quiet[@]} -gt 0 ]; then
  swift build -c release --product splashvid -q >&2
else
  swift build -c release --product splashvid >&2
fi
bin="$(swift build -c release --show-bin-path)"
ln -sfn "$(pwd)/presets" "$bin/presets"
echo "$bin/splashvid"
