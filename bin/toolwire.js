#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

// A reader that stops early (`toolwire parse --jsonl big.jsonl | head -1`) closes the pipe: that is
// the reader's choice, not a failure, so stop quietly with exit 0 instead of an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const code = await main(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
    stderrIsTerminal: process.stderr.isTTY === true,
  },
  new URL('../examples/', import.meta.url),
);
process.exitCode = code;
