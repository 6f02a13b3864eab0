#!/usr/bin/env bash
# `.ci/run` step for the playground page's browser tests (`npm run test:playground`): installs Debian's
# `chromium` when it is missing and apt-get can (root), else skips with one line. The tests drive it
# with playwright-core at /usr/bin/chromium; no browser is downloaded any other way.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq >/dev/null || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || true
  fi
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "test-playground: skipped: /usr/bin/chromium is missing and cannot be installed here (apt-get install chromium as root)"
  exit 0
fi
npm run test:playground
