import { defineConfig } from 'vitest/config';

// `npm test`'s run. Test files share a worker's module cache (isolate: false): each file builds its own
// servers, parsers and state, and loading the layers once per worker instead of once per file takes
// about a fifth off the run on two cores.
export default defineConfig({
  test: {
    pool: 'forks',
    isolate: false,
  },
});
