#!/usr/bin/env bash
# Checks the rules SwiftPM cannot: each C module is imported by exactly one Swift module, and the
# geometry and model layers stay free of Foundation and of any C library.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
fail() { printf 'check-layering: %s\n' "$*" >&2; status=1; }

only_in() { # module, allowed folder
  local offenders
  offenders=$(grep -rlE "^import $1\$" Sources Tests | grep -v "^Sources/$2/" || true)
  [ -z "$offenders" ] || fail "$1 may only be imported by $2, found in: $offenders"
}
only_in CCairo SplashCairo
only_in CPangoCairo SplashCairo
only_in CGdkPixbuf SplashCairo
only_in CFFmpeg SplashEncode
only_in CZlib SplashGzip
only_in CZip SplashZip
only_in CWebP SplashWebP

for layer in SplashCore SplashModel; do
  offenders=$(grep -rlE '^import (Foundation|FoundationEssentials|C[A-Z][A-Za-z]*)$' "Sources/$layer" || true)
  [ -z "$offenders" ] || fail "$layer must not import Foundation or C libraries: $offenders"
done

[ $status -eq 0 ] && echo "check-layering: ok" >&2
exit $status
