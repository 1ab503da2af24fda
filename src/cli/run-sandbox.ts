// The `start` command's work: the server, its logs, the banner or start line, the signals. A chunk
// of its own in the bundle, imported by the command's action (src/cli/start.ts): the client
// subcommands never load the server (decision 20).
import type { Logger } from 'pino';
import { createLogger } from '../logger.js';
import { startSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { VERSION } from '../version.js';
import { formatBanner } from './banner.js';
import { applyHeapPolicy } from './heap-policy.js';
import { writeStartLine } from './start-line.js';
import type { LogFormat, LogLevel } from '../log-levels.js';
import type { SandboxOptions } from '../sandbox/config.js';

/** SIGINT and SIGTERM close the sandbox and exit 0; a second signal exits 130 at once. */
function stopOnSignals(sandbox: Sandbox, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Starts the sandbox with `options` (made with the logger), logging to stderr, and once it listens prints on stdout the banner or, when
 * `--log-format json` (or its variable) was given, the start line instead: one JSON log record
 * with the URLs, keys and webhook secrets, for a program to read (src/cli/start-line.ts).
 */
export async function runSandbox(
  flags: { logLevel: LogLevel; logFormat?: LogFormat; data?: string },
  options: (logger: Logger) => SandboxOptions,
): Promise<void> {
  const format: LogFormat = flags.logFormat ?? (process.stderr.isTTY ? 'pretty' : 'json');
  const logger = await createLogger(flags.logLevel, format, process.stderr);
  applyHeapPolicy(process.execArgv, process.env.NODE_OPTIONS);
  const sandbox = await startSandbox(options(logger));
  stopOnSignals(sandbox, logger);
  // After the handlers: whoever waits for the banner may signal at once.
  const facts = { version: VERSION, dataFile: flags.data };
  if (flags.logFormat === 'json')
    writeStartLine(await createLogger('info', 'json', process.stdout), sandbox, {
      ...facts,
      pid: process.pid,
    });
  else process.stdout.write(`${formatBanner(sandbox, facts)}\n`);
}
