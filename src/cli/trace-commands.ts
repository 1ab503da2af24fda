import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { replayTrace } from '../sandbox/replay-trace.js';
import { readTrace } from '../trace/read-trace.js';
import { clientFor, print, withClientOptions, type ClientFlags } from './client-commands.js';

/**
 * `delivery-sandbox trace save FILE` (a running sandbox's trace so far) and `replay FILE` (the
 * trace's requests on a fresh world, and the first difference): docs/traces.md.
 */
export function addTraceCommands(program: Command): void {
  const trace = program
    .command('trace')
    .description(
      'the trace of a running sandbox (started with --trace, or a named one with trace: true)',
    );
  withClientOptions(
    trace
      .command('save <file>')
      .description(
        'save the trace a running sandbox recorded so far into a file (gzipped JSON lines)',
      ),
    'print { file, bytes } as JSON',
  ).action(async (file: string, flags: ClientFlags) => {
    const bytes = await clientFor(flags).trace();
    await writeFile(file, bytes);
    print(
      flags.json
        ? [JSON.stringify({ file, bytes: bytes.length })]
        : [`saved ${bytes.length} bytes to ${file}`],
    );
  });

  program
    .command('replay <file>')
    .description(
      'run the requests of a trace again on a fresh sandbox (same scenario, seed and clock steps) and print "identical" or the first answer, event or webhook body that differs (exit code 1)',
    )
    .option('--json', 'print the difference (or null) as JSON')
    .action(async (file: string, flags: { json?: boolean }) => {
      const records = readTrace(await readFile(file));
      const diff = await replayTrace(records);
      if (flags.json)
        print([JSON.stringify({ identical: diff === undefined, difference: diff ?? null })]);
      else if (diff === undefined) print(['identical']);
      else
        print([
          `differs at line ${diff.index + 1} of the trace: the ${diff.kind} of ${diff.what}`,
          `  recorded: ${diff.recorded}`,
          `  replayed: ${diff.replayed}`,
        ]);
      if (diff !== undefined) process.exitCode = 1;
    });
}
