#!/usr/bin/env bash
# Installs Debian's WebKitGTK WebDriver (WebKitWebDriver, the engine behind Safari and iOS web views) and
# Xvfb, for the host matrix's webkit host (scripts/test-hosts.ts), which drives it over WebDriver classic.
# Runs as root in CI; on a developer machine run it with sudo. Does nothing when both are present.
set -euo pipefail
if command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null; then
  echo "WebKitWebDriver and Xvfb are installed"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends webkit2gtk-driver xvfb fonts-dejavu-core
command -v WebKitWebDriver
