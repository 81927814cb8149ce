#!/usr/bin/env python3
"""Compares splashvid's stills of Lottie files with a peer player's (rlottie) frame by frame.

    tools/lottie-peer/compare.py [--side-by-side DIR] FILE.json...

For each file and each position 0, 0.25, 0.5, 0.75 and 1, draws
`splashvid still --file F --position P --size WxH --transparent` (the composition fitted in
400 points) and rlottie's frame, composites both over white and over black, and counts the
image as agreeing when, on both backgrounds, the mean absolute difference is at most 4 levels
and at most 1.5 % of pixels differ by more than 48 levels in some channel. With
--side-by-side, every disagreeing position is written as a PNG: splashvid left, rlottie right.

rlottie is not a reference: where the two disagree, look at the pictures and at what Lottie's
iOS player does (docs/lottie.md says which reading splashvid follows). Needs a release build
(swift build -c release), gcc, librlottie-dev and python3-numpy.
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
POSITIONS = [0, 0.25, 0.5, 0.75, 1]


def read_png(path):
    """An 8-bit RGB or RGBA PNG (what splashvid writes) as an RGBA array."""
    data = open(path, "rb").read()
    position, compressed, width, height, channels = 8, b"", 0, 0, 4
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour_type not in (2, 6):
                raise ValueError(f"{path}: only 8-bit RGB and RGBA are read")
            channels = 4 if colour_type == 6 else 3
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    raw = zlib.decompress(compressed)
    stride = width * channels
    rows = np.zeros((height, stride), np.int32)
    previous = np.zeros(stride, np.int32)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = np.frombuffer(raw, np.uint8, stride, start + 1).astype(np.int32)
        if kind == 0:
            current = line
        elif kind == 2:
            current = (line + previous) & 255
        else:
            current = np.zeros(stride, np.int32)
            for x in range(stride):
                left = current[x - channels] if x >= channels else 0
                up = previous[x]
                corner = previous[x - channels] if x >= channels else 0
                if kind == 1:
                    guess = left
                elif kind == 3:
                    guess = (left + up) // 2
                else:
                    a, b, c = abs(up - corner), abs(left - corner), abs(left + up - 2 * corner)
                    guess = left if a <= b and a <= c else (up if b <= c else corner)
                current[x] = (line[x] + guess) & 255
        rows[y] = current
        previous = current
    pixels = rows.reshape(height, width, channels).astype(np.uint8)
    if channels == 3:
        pixels = np.concatenate([pixels, np.full((height, width, 1), 255, np.uint8)], axis=2)
    return pixels


def write_png(path, rgb):
    height, width, _ = rgb.shape
    raw = b"".join(b"\0" + rgb[y].astype(np.uint8).tobytes() for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def over(premultiplied, background):
    return premultiplied[..., :3] + (1 - premultiplied[..., 3:4] / 255) * background


def agreement(ours, theirs):
    """(mean difference, % of pixels beyond 48 levels) over white and over black."""
    result = []
    for background in (255.0, 0.0):
        difference = np.abs(over(ours, background) - over(theirs, background))
        result.append((difference.mean(), (difference.max(axis=2) > 48).mean() * 100))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--side-by-side", metavar="DIR")
    parser.add_argument("--splashvid", default=None)
    arguments = parser.parse_args()
    splashvid = arguments.splashvid or os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], capture_output=True, text=True).stdout.strip(),
        "splashvid")
    work = tempfile.mkdtemp(prefix="lottie-peer-")
    peer = os.path.join(work, "rlottie_frame")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "rlottie"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", peer, os.path.join(HERE, "rlottie_frame.c")] + flags, check=True)
    if arguments.side_by_side:
        os.makedirs(arguments.side_by_side, exist_ok=True)

    agreeing = compared = 0
    for path in arguments.files:
        name = os.path.splitext(os.path.basename(path))[0]
        try:
            document = json.load(open(path))
            scale = min(1.0, 400 / max(document["w"], document["h"]))
            width, height = max(1, round(document["w"] * scale)), max(1, round(document["h"] * scale))
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"{name}: not read ({error})")
            continue
        disagreements = []
        for position in POSITIONS:
            still = os.path.join(work, f"{name}-{position}.png")
            frame = os.path.join(work, f"{name}-{position}.raw")
            drawn = subprocess.run(
                [splashvid, "still", "--file", path, "--position", str(position), "--size", f"{width}x{height}", "--transparent", "-o", still],
                capture_output=True, text=True)
            if drawn.returncode != 0:
                print(f"{name} {position}: splashvid: {drawn.stderr.strip().splitlines()[-1]}")
                compared += 1
                continue
            if subprocess.run([peer, path, str(position), str(width), str(height), frame], capture_output=True).returncode != 0:
                print(f"{name} {position}: rlottie could not draw it")
                continue
            ours = read_png(still).astype(np.float64)
            ours[..., :3] *= ours[..., 3:4] / 255
            theirs = np.frombuffer(open(frame, "rb").read(), np.uint8).reshape(height, width, 4).astype(np.float64)[..., [2, 1, 0, 3]]
            figures = agreement(ours, theirs)
            compared += 1
            if all(mean <= 4 and share <= 1.5 for mean, share in figures):
                agreeing += 1
                continue
            (white_mean, white_share), (black_mean, black_share) = figures
            disagreements.append(f"{position}: {white_mean:.1f}/{white_share:.1f}% {black_mean:.1f}/{black_share:.1f}%")
            if arguments.side_by_side:
                gap = np.full((height, 6, 3), 200.0)
                write_png(
                    os.path.join(arguments.side_by_side, f"{name}-{position}.png"),
                    np.concatenate([over(ours, 255.0), gap, over(theirs, 255.0)], axis=1))
        print(f"{name} {width}x{height}: " + ("agree" if not disagreements else "differ at " + ", ".join(disagreements)), flush=True)
    print(f"{agreeing} of {compared} images agree with rlottie")


if __name__ == "__main__":
    sys.exit(main())
