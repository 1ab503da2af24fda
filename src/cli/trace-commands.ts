import { readFile, writeFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import { readTrace } from '../trace/read-trace.js';
import { clientFor, print, withClientOptions, type ClientFlags } from './client-commands.js';
import { parsePort } from './options.js';
import { serveTrace } from './serve-trace.js';

/**
 * `delivery-sandbox trace save FILE` (a running sandbox's trace so far), `replay FILE` (the
 * trace's requests on a fresh world, and the first difference) and `show-trace FILE` (the
 * dashboard on the trace): docs/traces.md. Replay builds a world: the server's code is imported
 * by its action only, as the start command's is (decision 20).
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
      const { replayTrace } = await import('../sandbox/replay-trace.js');
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

  program
    .command('show-trace <file>')
    .description(
      'open the dashboard on a trace, read-only and offline, with a timeline to scrub (prints its URL; Ctrl-C stops it)',
    )
    .addOption(
      new Option('--port <port>', 'the port to serve it on (0: any free one)')
        .default(0)
        .argParser(parsePort),
    )
    .addOption(new Option('--host <host>', 'the address to listen on').default('127.0.0.1'))
    .action(async (file: string, flags: { port: number; host: string }) => {
      const bytes = await readFile(file);
      readTrace(bytes); // a file that is not a trace is refused here, in one line
      const url = await serveTrace(bytes, file, flags);
      print([`trace viewer of ${file}: ${url}`]);
    });
}
