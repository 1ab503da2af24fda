import { Option, type Command } from 'commander';
import { CLI_PORT, DEFAULTS } from '../sandbox/config.js';
import { loadScenario, parseScenario, ScenarioError } from '../scenarios/load-scenario.js';
import { readScenarioFile } from '../scenarios/read-scenario-file.js';
import { formatAccountKeys } from './account-keys.js';
import { ControlClient, formatDeliveries } from './control-client.js';
import { envVar, parseAdminToken, parseSandboxName } from './options.js';

/**
 * The client subcommands, which act on a running sandbox through its control plane (advance,
 * trigger, cancel, reset, deliveries, scenarios), and the offline `validate`.
 */

/** The flags every client subcommand takes (see withClientOptions). */
export interface ClientFlags {
  url: string;
  adminToken?: string;
  json?: boolean;
  /** A named sandbox to act on instead of the default one. */
  sandbox?: string;
}

/** Where a sandbox started with `delivery-sandbox` and no flags listens. */
const DEFAULT_URL = `http://${DEFAULTS.host}:${CLI_PORT}`;

/**
 * Adds the options every client subcommand shares: `--url` (or `DELIVERY_SANDBOX_URL`),
 * `--admin-token` (or `DELIVERY_SANDBOX_ADMIN_TOKEN`), `--json`, described by `json`, and unless
 * `sandbox` is false `--sandbox` (or `DELIVERY_SANDBOX_SANDBOX`), the named sandbox to act on.
 * Call it after the command's own options, so that those come first in its help.
 */
export function withClientOptions(command: Command, json: string, sandbox = true): Command {
  if (sandbox)
    command.addOption(
      new Option(
        '--sandbox <name>',
        'act on this named sandbox (delivery-sandbox sandboxes create) instead of the default one',
      )
        .argParser(parseSandboxName)
        .env(envVar('SANDBOX')),
    );
  return command
    .addOption(
      new Option('--url <url>', 'the running sandbox').default(DEFAULT_URL).env(envVar('URL')),
    )
    .addOption(
      new Option('--admin-token <token>', "the sandbox's admin token, if it has one")
        .argParser(parseAdminToken)
        .env(envVar('ADMIN_TOKEN')),
    )
    .option('--json', json);
}

/** The control client the flags name: the sandbox at --url, or its named --sandbox. */
export const clientFor = (flags: ClientFlags): ControlClient =>
  new ControlClient(flags.url, flags.adminToken, flags.sandbox);

export const print = (lines: string[]): void => {
  process.stdout.write(lines.map((line) => `${line}\n`).join(''));
};

/** Prints `answer` as JSON with --json, else the lines for a terminal. */
export const printAnswer = (flags: ClientFlags, answer: unknown, lines: () => string[]): void => {
  print(flags.json ? [JSON.stringify(answer, null, 2)] : lines());
};

/**
 * What `reset --scenario` sends: a bundled name as is; anything else is a file, read here (relative
 * to the working directory), checked, and sent as its content: the sandbox reads no path sent to it.
 */
export async function scenarioToSend(
  scenario: string | undefined,
): Promise<string | object | undefined> {
  if (scenario === undefined || /^[a-z0-9-]+$/.test(scenario)) return scenario;
  const { data, file } = await readScenarioFile(scenario);
  parseScenario(data, file); // a broken file is named here, not answered as a "scenario" field
  return data as object;
}

/** Adds advance, trigger, cancel, reset, deliveries, scenarios and validate to `program`. */
export function addClientCommands(program: Command): void {
  withClientOptions(
    program
      .command('advance <duration>')
      .description(
        'advance the clock of a running sandbox (90, 90s, 10m, 1h30m), running everything due',
      ),
    'print the whole answer as JSON',
  ).action(async (duration: string, flags: ClientFlags) => {
    const result = await clientFor(flags).advance(duration);
    const count = `${result.fired.length} event${result.fired.length === 1 ? '' : 's'}`;
    printAnswer(flags, result, () => [
      `now ${result.now}; ${count} fired`,
      ...result.fired.map(
        (e) => `  ${e.created_at}  ${e.event.padEnd(21)}  ${e.data.order.order_id}`,
      ),
    ]);
  });

  withClientOptions(
    program
      .command('trigger <order_id> [status]')
      .description(
        'move an order to its next status now, or straight to [status] (driver_assigned, picked_up, delivered)',
      ),
    'print the order as JSON',
  ).action(async (orderId: string, status: string | undefined, flags: ClientFlags) => {
    const order = await clientFor(flags).trigger(orderId, status);
    printAnswer(flags, order, () => [`${order.order_id}: ${order.status}`]);
  });

  withClientOptions(
    program
      .command('cancel <order_id>')
      .description('cancel an order as the restaurant or the system')
      .addOption(
        new Option('--by <who>', 'who cancels')
          .choices(['restaurant', 'system'])
          .makeOptionMandatory(),
      )
      .option('--reason <reason>', 'recorded as cancellation.reason'),
    'print the order as JSON',
  ).action(async (orderId: string, flags: ClientFlags & { by: string; reason?: string }) => {
    const order = await clientFor(flags).cancel(orderId, flags.by, flags.reason);
    printAnswer(flags, order, () => [`${order.order_id}: ${order.status} by ${flags.by}`]);
  });

  withClientOptions(
    program
      .command('reset')
      .description('put a running sandbox back to a fresh scenario state')
      .option(
        '--scenario <name|path>',
        'switch to this scenario: a bundled name, or a file read here and sent',
      )
      .option('--seed <seed>', 'use this seed'),
    'print the whole answer as JSON',
  ).action(async (flags: ClientFlags & { scenario?: string; seed?: string }) => {
    const r = await clientFor(flags).reset({
      scenario: await scenarioToSend(flags.scenario),
      seed: flags.seed,
    });
    printAnswer(flags, r, () => [
      `reset: scenario "${r.scenario}", seed "${r.seed}", now ${r.clock.now}`,
      ...formatAccountKeys(r.keys, '  '),
    ]);
  });

  withClientOptions(
    program
      .command('deliveries')
      .description('list webhook delivery attempts, oldest first')
      .option('--order <order_id>', 'only this order')
      .option('--event <event>', 'only this event')
      .option('--endpoint <endpoint_id>', 'only the attempts sent to this endpoint (whk_…)')
      .addOption(
        new Option('--status <status>', 'only this status').choices([
          'succeeded',
          'failed',
          'retrying',
        ]),
      ),
    'print the attempts as JSON',
  ).action(
    async (
      flags: ClientFlags & { order?: string; event?: string; endpoint?: string; status?: string },
    ) => {
      const { deliveries } = await clientFor(flags).deliveries({
        order_id: flags.order,
        event: flags.event,
        endpoint_id: flags.endpoint,
        status: flags.status,
      });
      printAnswer(flags, deliveries, () => [formatDeliveries(deliveries)]);
    },
  );

  withClientOptions(
    program.command('scenarios').description('list the bundled scenarios of a running sandbox'),
    'print the whole answer as JSON',
  ).action(async (flags: ClientFlags) => {
    const answer = await clientFor(flags).scenarios();
    printAnswer(flags, answer, () =>
      answer.scenarios.map((s) => `${s.current ? '*' : ' '} ${s.name.padEnd(15)} ${s.description}`),
    );
  });

  program
    .command('validate <file>')
    .description('check a scenario file, offline')
    .option(
      '--json',
      'print { ok, file, scenario, counts } or { ok: false, file, problems } as JSON',
    )
    .action(async (file: string, flags: { json?: boolean }) => {
      let s: Awaited<ReturnType<typeof loadScenario>>;
      try {
        s = await loadScenario(file);
      } catch (err) {
        if (!flags.json || !(err instanceof ScenarioError)) throw err;
        // The problems go to stdout as data; the exit code still says the file is unusable.
        print([JSON.stringify({ ok: false, file, problems: err.problems }, null, 2)]);
        process.exitCode = 1;
        return;
      }
      const drivers = s.drivers.count + s.drivers.list.length;
      const counts = {
        accounts: s.accounts.length,
        drivers,
        orders: s.orders.length,
        script_steps: s.script.length,
      };
      if (flags.json) {
        print([JSON.stringify({ ok: true, file, scenario: s.name, ...counts }, null, 2)]);
        return;
      }
      print([
        `ok: ${file} is scenario "${s.name}": ${counts.accounts} account(s), ${drivers} driver(s), ${counts.orders} order(s), ${counts.script_steps} script step(s)`,
      ]);
    });
}
