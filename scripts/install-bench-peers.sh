#!/usr/bin/env bash
# Installs the benchmark peers that come from Debian: SWORD's diatheke (it reads the corpus's own KJV
# module, unpacked by the bench). better-sqlite3, the other peer, comes with `npm install`. The bench runs
# without them and says which peer it skipped, so a failed install here does not stop it.
set -uo pipefail
if command -v diatheke >/dev/null 2>&1; then
  echo "diatheke is installed"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then echo "diatheke missing and not root: its figures will be skipped"; exit 0; fi
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends diatheke >/dev/null \
  && echo "installed diatheke" || echo "could not install diatheke: its figures will be skipped"
exit 0
