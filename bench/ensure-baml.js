// @boundaryml/baml ships its engine as per-platform optional packages, and the registry reachable here
// serves only some platforms, so a lock file that lists it cannot be installed with `npm ci` everywhere.
// It is therefore not a devDependency: `npm run bench` installs it (without saving) when it is missing,
// and the benchmark prints "skipped" for BAML if that fails.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  require.resolve('@boundaryml/baml');
} catch {
  try {
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '@boundaryml/baml@0.226.2'], {
      stdio: 'ignore',
    });
  } catch {
    console.log('(could not install @boundaryml/baml; its comparison will be skipped)');
  }
}
