#!/usr/bin/env bash
# Checks that every Swift file is as the toolchain's `swift format` writes it, with the
# project's `.swift-format` (lint in strict mode: a difference is an error).
# To fix: swift format format -i -r Sources Tests Fuzz Package.swift
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict -r Sources Tests Fuzz Package.swift
echo "check-format: ok" >&2
