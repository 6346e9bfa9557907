#!/usr/bin/env node
import { run } from './cli/program.js';

/** `toolforge`: the operators' tool (docs/operators.md). The exit code is the command's. */
process.exitCode = await run(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  terminal: process.stderr.isTTY ? process.stderr : undefined,
});
