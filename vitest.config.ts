import { configDefaults, defineConfig } from 'vitest/config';
import { packageTests } from './vitest.package.config.js';

/**
 * Tests that change process-wide state the modules under test read once (which engine is loaded), and so
 * need a module cache of their own.
 */
const isolated = ['test/schema/pattern-engine.test.ts'];

// `npm test`'s run. Test files share a worker's module cache (isolate: false): each file builds its own
// servers, parsers and state, and loading the layers once per worker instead of once per file takes
// about a fifth off the run on two cores. The files in `isolated` run with a fresh cache each. Two
// workers on two cores (vitest's default leaves one core to itself): most files wait on sockets and
// child processes part of the time. The package's own checks are `npm run test:package`.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          exclude: [...configDefaults.exclude, ...isolated, ...packageTests],
        },
      },
      { extends: true, test: { name: 'isolated', isolate: true, include: isolated } },
    ],
  },
});
