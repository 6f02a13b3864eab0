import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The playground page: `npm run playground` (dev server), `npm run build:playground` (static files in
 * playground/dist/, also served by `toolwire serve --playground` at /playground/). Relative asset paths
 * (`base: './'`) so the built page works under any path prefix.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // The page reads the library's sources and the bundled examples one folder up.
  server: { host: '127.0.0.1', fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  preview: { host: '127.0.0.1' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
});
