import { main } from '../../src/cli/main.js';

/** Runs the CLI in-process with captured output; `stdin` is not supported here (use files). */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(
    argv,
    { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text), color: false },
    new URL('../../examples/', import.meta.url),
  );
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
