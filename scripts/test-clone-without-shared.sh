#!/usr/bin/env bash
# `npm run test:clone`: a plain clone passes its tests. Clones this repository's HEAD (committed work only)
# into a new temporary folder that has nothing beside the clone, so no `../shared` (the peer corpus the
# full run reads), links this checkout's node_modules into it, and runs `npm test` there. Fails when a test
# fails there, or when no test announced a skipped corpus (then the clone did not run without it).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

if [ ! -d node_modules ]; then
  echo "test-clone-without-shared: no node_modules here; run npm ci first" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/toolwire-clone-XXXXXX")
trap 'rm -rf "$work"' EXIT
clone="$work/toolwire"
git clone --quiet --no-hardlinks "$repo" "$clone"
if [ -e "$work/shared" ]; then
  echo "test-clone-without-shared: $work/shared exists" >&2
  exit 1
fi
ln -s "$repo/node_modules" "$clone/node_modules"

log="$work/npm-test.log"
echo "== npm test in $clone ($(git -C "$clone" rev-parse --short HEAD)), no ../shared"
started=$SECONDS
status=0
(cd "$clone" && npm test) 2>&1 | tee "$log" || status=$?
echo "== npm test in the clone: $((SECONDS - started)) s"
if [ "$status" -ne 0 ]; then
  echo "test-clone-without-shared: npm test failed in a clone without ../shared" >&2
  exit "$status"
fi

# Colour codes of vitest's own lines can run into the next line: read the log without them.
plain="$work/npm-test.txt"
sed 's/\x1b\[[0-9;]*m//g' "$log" > "$plain"
skipped=$(grep -c '^skipped (no \.\./shared/corpus/' "$plain" || true)
if [ "$skipped" -eq 0 ]; then
  echo "test-clone-without-shared: no test announced a skipped corpus" >&2
  exit 1
fi
echo "test-clone-without-shared: passed; $skipped corpus test groups skipped, one line each:"
grep '^skipped (no \.\./shared/corpus/' "$plain"
