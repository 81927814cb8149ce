#!/usr/bin/env bash
# Runs tests under the sanitizers, each in its own build folder so the normal build stays as is.
#   ci/sanitize.sh thread    the pipeline's, the HTTP server's and the preview's (frames,
#                            exports, images) tests under ThreadSanitizer (what CI runs)
#   ci/sanitize.sh address   the whole suite under AddressSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-thread}"
case "$kind" in
  thread)
    swift test --sanitize=thread --scratch-path .build/sanitize-thread \
      --filter "SplashPipelineTests|SplashHTTPTests|PreviewServerTests|PreviewExportTests|PreviewImageParameterTests|LockedTests" ;;
  address)
    # Child processes (the CLI tests run the built binary) inherit the suppressions.
    LSAN_OPTIONS="suppressions=$(pwd)/ci/lsan.supp:print_suppressions=0" \
      swift test --sanitize=address --scratch-path .build/sanitize-address ;;
  *) echo "usage: ci/sanitize.sh thread|address" >&2; exit 64 ;;
esac
