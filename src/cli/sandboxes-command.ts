import { InvalidArgumentError, Option, type Command } from 'commander';
import type { SandboxSchemas } from '../domain/sandbox-types.js';
import { formatAccountKeys } from './account-keys.js';
import {
  clientFor,
  print,
  printAnswer,
  scenarioToSend,
  withClientOptions,
  type ClientFlags,
} from './client-commands.js';
import type { NamedSandbox } from './control-client.js';

/**
 * `delivery-sandbox sandboxes create|list|get|delete`: the named sandboxes of a running server
 * (docs/sandboxes.md), through `/__sandbox/sandboxes`.
 */

interface CreateFlags extends ClientFlags {
  scenario?: string;
  seed?: string;
  clock?: 'manual' | 'realtime';
  speed?: number;
  start?: string;
  ttl?: string;
  trace?: boolean;
}

/** `--speed`: a number; its range is the sandbox's to check, with the catalogue's message. */
function parseSpeed(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new InvalidArgumentError(`"${value}" is not a number (virtual seconds per real second)`);
  return n;
}

/** The body of `PUT` from the flags: only what was given, the clock only when part of it was. */
async function requestOf(flags: CreateFlags): Promise<SandboxSchemas['SandboxRequest']> {
  const body: SandboxSchemas['SandboxRequest'] = {};
  const scenario = await scenarioToSend(flags.scenario);
  if (scenario !== undefined)
    body.scenario = scenario as SandboxSchemas['SandboxRequest']['scenario'];
  if (flags.seed !== undefined) body.seed = flags.seed;
  if (flags.ttl !== undefined) body.ttl = flags.ttl;
  if (flags.trace) body.trace = true;
  const clock: NonNullable<SandboxSchemas['SandboxRequest']['clock']> = {};
  if (flags.clock !== undefined) clock.mode = flags.clock;
  if (flags.speed !== undefined) clock.speed = flags.speed;
  if (flags.start !== undefined) clock.start = flags.start;
  if (Object.keys(clock).length > 0) body.clock = clock;
  return body;
}

/** A sandbox for a terminal: what it runs, until when, its keys and its URLs. */
export function formatSandbox(s: NamedSandbox): string[] {
  const keys = s.accounts.map((a) => ({
    account_id: a.account_id,
    name: a.name,
    api_keys: [a.api_key, a.read_only_key].filter((k): k is string => k !== null),
  }));
  return [
    `${s.name}: scenario "${s.scenario}", seed "${s.seed}", ${s.clock.mode} clock at ${s.clock.now}; expires ${s.expires_at} unless used`,
    ...formatAccountKeys(keys, '  ', Infinity),
    ...Object.entries(s.urls).map(([what, url]) => `  ${what.padEnd(9)}  ${url}`),
  ];
}

/** One line per sandbox, oldest first. */
function formatList(list: NamedSandbox[]): string[] {
  if (list.length === 0) return ['no sandboxes'];
  const width = Math.max(...list.map((s) => s.name.length));
  return list.map(
    (s) =>
      `${s.name.padEnd(width)}  ${s.scenario}  ${s.clock.mode} ${s.clock.now}  expires ${s.expires_at}`,
  );
}

/** Adds `sandboxes` and its subcommands to `program`. */
export function addSandboxesCommand(program: Command): void {
  const sandboxes = program
    .command('sandboxes')
    .description('create, list, show and delete the named sandboxes of a running server');

  withClientOptions(
    sandboxes
      .command('create <name>')
      .description('create a named sandbox (or replace it with a fresh one); prints its keys')
      .option(
        '--scenario <name|path>',
        "its scenario: a bundled name, or a file read here and sent (default: the server's)",
      )
      .option('--seed <seed>', "override the scenario's seed")
      .addOption(
        new Option('--clock <mode>', "override the scenario's clock mode").choices([
          'manual',
          'realtime',
        ]),
      )
      .option('--speed <n>', 'virtual seconds per real second, in realtime mode', parseSpeed)
      .option('--start <iso>', 'the virtual start time (2026-01-01T12:00:00Z)')
      .option('--ttl <ttl>', 'gone after this long unused: 1800, 30m, 2h, 1d (default 1h)')
      .option('--trace', 'record a trace of it (delivery-sandbox trace save FILE --sandbox NAME)'),
    'print the sandbox as JSON',
    false,
  ).action(async (name: string, flags: CreateFlags) => {
    const s = await clientFor(flags).putSandbox(name, await requestOf(flags));
    printAnswer(flags, s, () => formatSandbox(s));
  });

  withClientOptions(
    sandboxes.command('list').description('list the named sandboxes, oldest first'),
    'print the sandboxes as JSON (an array)',
    false,
  ).action(async (flags: ClientFlags) => {
    const list = await clientFor(flags).listSandboxes();
    printAnswer(flags, list, () => formatList(list));
  });

  withClientOptions(
    sandboxes.command('get <name>').description('show one named sandbox: its keys and URLs'),
    'print the sandbox as JSON',
    false,
  ).action(async (name: string, flags: ClientFlags) => {
    const s = await clientFor(flags).getSandbox(name);
    printAnswer(flags, s, () => formatSandbox(s));
  });

  withClientOptions(
    sandboxes
      .command('delete <name>')
      .description('delete a named sandbox now: its keys die, its timers and retries stop'),
    'print { "deleted": name } as JSON',
    false,
  ).action(async (name: string, flags: ClientFlags) => {
    await clientFor(flags).deleteSandbox(name);
    if (flags.json) printAnswer(flags, { deleted: name }, () => []);
    else print([`deleted ${name}`]);
  });
}
