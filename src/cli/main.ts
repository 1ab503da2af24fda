import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addClientCommands } from './client-commands.js';
import { addReportCommand } from './report-command.js';
import { addSandboxesCommand } from './sandboxes-command.js';
import { addStartCommand } from './start.js';
import { addTraceCommands } from './trace-commands.js';

/** The `delivery-sandbox` program: `start` (the default), the client subcommands and `validate`. */
export function createProgram(): Command {
  const program = new Command()
    .name('delivery-sandbox')
    .description('A local, stateful sandbox of the delivery-orders API.')
    .version(VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addHelpText(
      'after',
      "\nRun `delivery-sandbox start --help` for the server's options (port, scenario, clock, webhooks, data…).",
    );
  addStartCommand(program);
  addClientCommands(program);
  addReportCommand(program);
  addSandboxesCommand(program);
  addTraceCommands(program);
  return program;
}

/**
 * Runs the command line on `argv` (as `process.argv`). Commander itself answers a bad flag or
 * `--help`; any other failure (a refused request, a broken scenario, a port in use) ends here as
 * one line on stderr and exit code 1.
 */
export async function main(argv: string[]): Promise<void> {
  try {
    await createProgram().parseAsync(argv);
  } catch (err) {
    process.stderr.write(`delivery-sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
