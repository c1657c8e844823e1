#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests: the reader page's (test/hosts/browser.test.ts, driven
# through puppeteer-core; PAGE_BROWSER=firefox runs it on Debian's firefox-esr instead) and the package's
# (test/package, playwright-core). No test tool downloads a browser of its own: it comes from the distribution.
# Runs as root in CI; on a developer machine run it with sudo. Does nothing when chromium is present.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium is installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-dejavu-core
/usr/bin/chromium --version
