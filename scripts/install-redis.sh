#!/usr/bin/env bash
# Installs Debian's redis-server for the tests of shared rate limits (test/hosts/scale.test.ts), which start
# their own server on a free port and stop it after. Runs as root in CI; on a developer machine run it with
# sudo. Does nothing when redis-server is present.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  echo "redis-server is installed: $(redis-server --version)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends redis-server
# The package starts a system service; the tests run servers of their own, so it is not needed.
($SUDO service redis-server stop || true) >/dev/null 2>&1
redis-server --version
