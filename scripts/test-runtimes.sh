#!/usr/bin/env bash
# `npm run test:runtimes`: runs a subset of the suite under Node 22 and Node 24 (the latest of each line,
# from the npm registry's `node` package, fetched by npx into its cache), besides the machine's Node that
# `npm test` uses. Fails when a test fails under either. Arguments, if given, replace the Node lines
# (`scripts/test-runtimes.sh 24`).
#
# The subset is what depends on the runtime: module loading, web streams, fetch, HTTP servers, child
# processes and the official SDKs. It covers
#   - every entry point, loaded from the packed tarball by `import` and by `require`, and the bin
#     (test/package/tarball.test.ts), the `prepare` script (test/package/prepare.test.ts), and the
#     root entry's exports and typed errors for API misuse (test/api);
#   - the CLI (test/cli), spawned as users run it;
#   - the gateway (test/server): `toolwire serve` and `createGateway` over HTTP on 127.0.0.1, with the
#     `openai` SDK as client and replayed backends;
#   - the streaming entry over web streams (test/stream, without the corpus run), the tools entry and its
#     agent loop (test/tools), the AI SDK middleware with `ai` (test/ai-sdk, without the chat-template
#     checks, which compare text only), and the provider converters with the official SDKs' types and
#     stream shapes (test/providers).
# Left out: the pure parsers, schema and grammar layers (the same JavaScript on every runtime; their
# entries are loaded by the tarball test), the corpus runs and the consumer type-check (TypeScript's
# result does not depend on the runtime), which `npm test` and `npm run test:package` run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The tarball test is in `npm run test:package`'s config, so it runs with that config.
package_subset=(test/package/tarball.test.ts)
subset=(
  test/package/prepare.test.ts
  test/api
  test/cli
  test/server
  test/stream/create-tool-call-stream.test.ts
  test/stream/openai-chat.test.ts
  test/stream/stray-reasoning-close.test.ts
  test/tools
  test/ai-sdk/middleware.test.ts
  test/ai-sdk/stream-parts.test.ts
  test/ai-sdk/prompt-text-middleware.test.ts
  test/ai-sdk/render-tool-prompt.test.ts
  test/ai-sdk/example.test.ts
  test/ai-sdk/readme-example.test.ts
  test/providers
)

lines=("$@")
if [ ${#lines[@]} -eq 0 ]; then lines=(22 24); fi

# The package, CLI and gateway tests run the built dist/: build it from the current sources.
npm run build --silent

failed=()
for line in "${lines[@]}"; do
  started=$SECONDS
  run=(npx --yes --package "node@$line" -- node)
  version=$("${run[@]}" --version)
  if [ "${version%%.*}" != "v$line" ]; then
    echo "test-runtimes: asked for Node $line, npx gave $version" >&2
    exit 1
  fi
  echo "== Node $version: $((${#subset[@]} + ${#package_subset[@]})) test paths"
  if ! "${run[@]}" node_modules/vitest/vitest.mjs run "${subset[@]}"; then failed+=("$version"); fi
  if ! "${run[@]}" node_modules/vitest/vitest.mjs run --config vitest.package.config.ts "${package_subset[@]}"; then
    failed+=("$version (package)")
  fi
  echo "== Node $version: $((SECONDS - started)) s"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "test-runtimes: tests failed under Node ${failed[*]}" >&2
  exit 1
fi
echo "test-runtimes: passed under Node ${lines[*]}"
