#!/usr/bin/env bash
# Regenerates docs/fuber-contact-sheet.png: the centre of fuber's logo at ten points of its cycle.
# Needs ImageMagick (apt-get install imagemagick) for cropping and tiling the stills.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for tau in 0.00 0.40 0.80 1.20 1.60 2.00 2.40 2.50 2.70 2.90; do
  t=$(awk "BEGIN { printf \"%.2f\", 0.9 + $tau }")   # τ = (t + 2.1) mod 3, so τ = 0 at t = 0.9
  "$repo/splashvid" still --preset fuber --time "$t" -o "$work/full.png" 2>/dev/null
  convert "$work/full.png" -gravity center -crop 200x200+0+0 +repage \
    -set label "τ = $tau  (t = ${t} s)" "$work/c_$tau.png"
done
montage -font DejaVu-Sans -pointsize 16 "$work"/c_*.png -tile 5x2 -geometry 200x200+8+8 \
  -background '#f2f2f2' "$repo/docs/fuber-contact-sheet.png"
echo "wrote docs/fuber-contact-sheet.png" >&2
