import { defineConfig } from 'vitest/config';

/**
 * `npm run test:playground`: the playground page in headless Chromium (Debian's `chromium`, driven by
 * playwright-core). Not part of `npm test`: it builds the page and starts a browser. Skips with one line
 * when /usr/bin/chromium is missing (`scripts/test-playground.sh` installs it where it can).
 */
export default defineConfig({
  test: {
    include: ['test/playground/**/*.browser.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
