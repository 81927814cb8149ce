#!/usr/bin/env bash
# The test command: installs what is missing, checks the layering and the formatting, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
ci/check-layering.sh
ci/check-format.sh
swift test "$@"
