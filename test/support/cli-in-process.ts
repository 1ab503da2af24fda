import { createProgram } from '../../src/cli/main.js';

/**
 * Runs a subcommand of the command line in this process (the program `dist/cli.js` runs, from
 * src/) and resolves with what it printed on stdout; rejects if it fails (a thrown error, a usage
 * error from commander, or a non-zero exit code set). For the tests of what a command does (its
 * requests, its output); what the process does (exit codes, one-line errors on stderr) is tested on
 * the built CLI (`cli` in cli-process.ts). Each call saves the start of a Node process. One call
 * at a time: it captures this process's stdout while the command runs.
 */
export async function runCommand(...args: string[]): Promise<string> {
  const program = createProgram();
  // Commander throws instead of exiting the test's process on a usage error.
  for (const command of [program, ...program.commands]) command.exitOverride();
  let out = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  };
  const exitCode = process.exitCode;
  try {
    await program.parseAsync(['node', 'delivery-sandbox', ...args]);
  } finally {
    process.stdout.write = write;
  }
  if (process.exitCode !== exitCode) {
    process.exitCode = exitCode;
    throw new Error(`delivery-sandbox ${args.join(' ')} set the exit code; it printed: ${out}`);
  }
  return out;
}
