#!/usr/bin/env bash
# Installs Debian's python3 and perl (with its core modules HTTP::Tiny and JSON::PP) for the tests that run
# clients written in those languages against `bible serve` (test/clients/). Runs as root in CI; on a
# developer machine run it with sudo. Does nothing when both are present.
set -euo pipefail
if python3 -c 'import urllib.request, json' >/dev/null 2>&1 && perl -MHTTP::Tiny -MJSON::PP -e 1 >/dev/null 2>&1; then
  echo "python3 and perl are installed: $(python3 --version), perl $(perl -e 'print $^V')"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends python3 perl
python3 --version
perl -MHTTP::Tiny -MJSON::PP -e 'print "perl $^V with HTTP::Tiny and JSON::PP\n"'
