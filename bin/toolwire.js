#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

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
