import { defineConfig } from 'vitest/config';

/**
 * `npm run test:package`: the package as it is published and installed. The packed tarball's files and
 * entry points, its types compiled by a consumer's TypeScript 5.9 and 7, the bundle sizes, and the
 * docs' TypeScript blocks compiled against the built types. Not part of `npm test`: each test packs,
 * installs from the registry or runs compilers in child processes, a minute of CPU on two cores.
 */
export const packageTests = [
  'test/package/tarball.test.ts',
  'test/package/consumer-types.test.ts',
  'test/package/bundle-size.test.ts',
  'test/docs/code-types.test.ts',
];

export default defineConfig({
  test: { include: packageTests, testTimeout: 300_000, hookTimeout: 300_000 },
});
