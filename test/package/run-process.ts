import { spawn } from 'node:child_process';

export interface ProcessResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command to its end without blocking the event loop: these tests run npm and tsc for tens of
 * seconds, and a synchronous child process starves the vitest worker's own messages (it then fails the run
 * with "Timeout calling onTaskUpdate").
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; input?: string; env?: NodeJS.ProcessEnv },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({
        status,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
    child.stdin.end(options.input ?? '');
  });
}

/** `runProcess`, throwing with the output when the command fails; resolves to its standard output. */
export async function runOrThrow(
  command: string,
  args: readonly string[],
  options: { cwd: string; input?: string },
): Promise<string> {
  const result = await runProcess(command, args, options);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}
