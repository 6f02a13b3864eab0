import { main } from '../../src/cli/main.js';

/** Runs the CLI in-process with captured output; `stdin` is not supported here (use files). */
export async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(
    argv,
    {
      // parse --jsonl writes whole lines of UTF-8, so each piece decodes on its own.
      stdout: (output) =>
        stdout.push(typeof output === 'string' ? output : Buffer.from(output).toString('utf8')),
      stderr: (text) => stderr.push(text),
      color: false,
    },
    new URL('../../examples/', import.meta.url),
  );
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
