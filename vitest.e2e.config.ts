import { defineConfig } from 'vitest/config';

/**
 * `npm run test:e2e`: agent clients (Codex CLI, Claude Code, the OpenAI Agents SDK) against the
 * gateway, each with a replay backend; and the embedded llama.cpp backend across formats
 * (`test/server/*.e2e.ts`, minutes of sampling on two cores). Not part of `npm test`: the CLIs are
 * installed on first run (`test/e2e/install-clients.ts`) and each run starts real processes.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts', 'test/server/**/*.e2e.ts'],
    globalSetup: ['test/e2e/install-clients.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
