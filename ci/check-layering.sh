#!/usr/bin/env bash
# Checks the rules SwiftPM cannot: each C module is imported by exactly one Swift module, the
# geometry, raster and model layers stay free of Foundation and of any C library, and no import hides
# what it brings in from the compiler's checks.
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
only_in CMicroHTTPD SplashHTTP
only_in CDuktape SplashScript

for layer in SplashCore SplashRaster SplashModel; do
  offenders=$(grep -rlE '^import (Foundation|FoundationEssentials|C[A-Z][A-Za-z]*)$' "Sources/$layer" || true)
  [ -z "$offenders" ] || fail "$layer must not import Foundation or C libraries: $offenders"
done

# `@preconcurrency import` silences Sendable checking for a whole module, and
# `@_implementationOnly import` is an unsupported attribute that breaks library evolution: a
# concurrency problem is fixed where it is, not muted at the import.
offenders=$(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*@(preconcurrency|_implementationOnly)[[:space:]]+((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]' Sources Tests || true)
[ -z "$offenders" ] || fail "@preconcurrency and @_implementationOnly imports are not used, found: $offenders"

# The standard library's Mutex takes a contended lock through the kernel on Linux, where
# ThreadSanitizer cannot see it, and CI's ThreadSanitizer run then reports races that are not
# there; SplashCore's Locked is the lock to use (Sources/SplashCore/Concurrency/Locked.swift).
offenders=$(grep -rnE '\bMutex *(<|\()' Sources Tests || true)
[ -z "$offenders" ] || fail "use SplashCore's Locked, not Synchronization.Mutex (ThreadSanitizer cannot see its contended lock): $offenders"

# The Lottie compiler's second stage sets layer properties through the property registry
# alone (LayerPropertyRegistry's setters), so that inspect shows everything it sets and each
# property's rules live in one place; its first stage builds no layers at all.
offenders=$(grep -rnE 'properties(\.[A-Za-z]+)+ *(=[^=]|\+=|-=|\.append)' Sources/SplashLottie | grep -v '^[^:]*:[0-9]*: *///' || true)
[ -z "$offenders" ] || fail "Sources/SplashLottie sets layer properties through LayerPropertyRegistry, not directly: $offenders"
offenders=$(grep -rlE '\b(Layer|LayerProperties)\(' Sources/SplashLottie/Document || true)
[ -z "$offenders" ] || fail "Sources/SplashLottie/Document reads the file into typed values and builds no layers: $offenders"

[ $status -eq 0 ] && echo "check-layering: ok" >&2
exit $status
