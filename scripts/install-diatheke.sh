#!/usr/bin/env bash
# Installs Debian's diatheke (SWORD's command-line reader) for the test that compares every verse of the
# SWORD translations with SWORD's own rendering (test/engine/diatheke.test.ts). Runs as root in CI; on a
# developer machine run it with sudo. Does nothing when diatheke is present.
set -euo pipefail
if command -v diatheke >/dev/null 2>&1; then
  echo "diatheke is installed: $(command -v diatheke)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends diatheke
command -v diatheke
