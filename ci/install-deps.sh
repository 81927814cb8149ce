#!/usr/bin/env bash
# Installs the Debian packages splashvid needs to build, test and run, and nothing already there.
#
# Idempotent and non-interactive: run it as often as you like. Works as root, or through sudo
# for another user. With --quiet it prints nothing when everything is already installed.
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev     # Cairo: rasterizing frames
  libpango1.0-dev   # Pango (with PangoCairo): text layout
  libgdk-pixbuf-2.0-dev  # gdk-pixbuf: decoding PNG, JPEG and GIF layer contents
  fonts-dejavu-core # the fallback font, and the contact sheets' labels
  fonts-lato        # thin to black weights: the stand-in for Helvetica Neue and San Francisco
  fonts-wqy-microhei  # CJK text
  libavcodec-dev    # libavcodec (Debian's build links libx264): H.264 encoding
  libavformat-dev   # libavformat: MP4 muxing
  libswscale-dev    # swscale: BGRA -> YUVA for ProRes and VP9, decoded frames -> BGRA
  libswresample-dev # swresample: soundtracks -> 48 kHz stereo for AAC
  libavutil-dev
  zlib1g-dev        # zlib: gzip-compressed Lottie (.tgs stickers)
  libzip-dev        # libzip: dotLottie archives (.lottie)
  libwebp-dev       # libwebp: WebP images in Lottie files
  libmicrohttpd-dev # libmicrohttpd: the preview's loopback HTTP server
  duktape-dev       # Duktape: running Lottie files' expressions
)

quiet=false
runtime=false
for argument in "$@"; do
  case "$argument" in
    --quiet) quiet=true ;;
    --runtime) runtime=true ;;  # a machine that only runs splashvid: no Swift toolchain needed
  esac
done

say() { printf 'install-deps: %s\n' "$*" >&2; }

# The preview page's tests drive Debian's Chromium, headless; a machine that only runs
# splashvid does not need it.
$runtime || packages+=(chromium)
# The scale-out tests start a one-machine Slurm cluster (ci/slurm/start.sh, with python3 for
# its ports and signal masks) and merge the shards' reports with jq, as docs/scale-out.md does;
# python3-yaml reads the Kubernetes manifest of the docs for its test.
$runtime || packages+=(slurm-wlm munge jq python3 python3-yaml)

if ! $runtime && ! command -v swift >/dev/null 2>&1; then
  say "no Swift toolchain on PATH: splashvid needs Swift 6 (swift.org builds for Debian 12); it cannot come from apt"
  exit 1
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  $quiet || say "all packages present (${packages[*]})"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  run_as_root=()
elif command -v sudo >/dev/null 2>&1; then
  run_as_root=(sudo)
else
  say "missing ${missing[*]}; run this script as root or install sudo"
  exit 1
fi

say "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${run_as_root[@]}" apt-get update -qq
"${run_as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
say "installed ${missing[*]}"
