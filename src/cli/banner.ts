import type { Sandbox } from '../sandbox/sandbox.js';
import { formatAccountKeys } from './account-keys.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

/** What the banner reads of a running sandbox. */
export type BannerSandbox = Pick<
  Sandbox,
  'url' | 'apiKey' | 'keys' | 'scenario' | 'webhookEndpoints'
> & {
  readonly clock: Pick<Sandbox['clock'], 'now'>;
};

/** What the banner shows that the sandbox does not carry. */
export interface BannerFacts {
  /** The package version, for the first line. */
  version: string;
  /** The `--data` file, if the state is kept in one. */
  dataFile?: string | undefined;
}

/**
 * The text `start` prints once the sandbox listens (no trailing newline): the scenario and seed,
 * the dashboard's URL first, then the other URLs (named sandboxes' among them), the API key, every account's keys when there are more than the API key line shows
 * (the first few accounts, then how many more), how the clock runs, the data file, the webhook endpoints with their
 * secrets, and a curl line to try.
 *
 * @example
 * process.stdout.write(`${formatBanner(sandbox, { version: VERSION })}\n`);
 */
export function formatBanner(sandbox: BannerSandbox, facts: BannerFacts): string {
  const { scenario, url, apiKey } = sandbox;
  const clockNow = new Date(sandbox.clock.now()).toISOString();
  const readOnly = scenario.accounts.flatMap((a) => a.api_keys).find((k) => k.startsWith('rk_'));
  const clock =
    scenario.clock.mode === 'manual'
      ? 'manual (advance it with the control plane)'
      : `realtime (${scenario.clock.speed}x)`;
  const { lat, lng } = scenario.city.center;
  return [
    `delivery-sandbox ${facts.version}: scenario "${scenario.name}", seed "${scenario.seed}"`,
    `  Dashboard  ${url}/   (open it in a browser)`,
    `  API        ${url}/v1`,
    `  API key    ${apiKey}${readOnly ? `   (read-only: ${readOnly})` : ''}`,
    ...accountLines(sandbox.keys, [apiKey, readOnly]),
    `  Docs       ${url}/openapi.json`,
    `  Control    ${url}/__sandbox   (docs: ${url}/__sandbox/openapi.json)`,
    `  Sandboxes  a world of its own per test: PUT ${url}/__sandbox/sandboxes/{name}`,
    `  Clock      ${clock}, now ${clockNow}`,
    ...(facts.dataFile ? [`  Data       ${facts.dataFile}`] : []),
    ...sandbox.webhookEndpoints.map(
      (e) =>
        `  Webhooks   ${maskUrlCredentials(e.url)}   secret ${e.secret}${e.events.includes('*') ? '' : `   (${e.events.join(', ')})`}`,
    ),
    `  Try        curl -H "Authorization: Bearer ${apiKey}" "${url}/v1/drivers/available?lat=${lat}&lng=${lng}"`,
    'Press Ctrl+C to stop.',
  ].join('\n');
}

/** The accounts' keys under the API key line, unless that line already shows every key. */
function accountLines(keys: Sandbox['keys'], shown: (string | undefined)[]): string[] {
  if (keys.flatMap((a) => a.api_keys).every((k) => shown.includes(k))) return [];
  const [first = '', ...rest] = formatAccountKeys(keys, '');
  return [`  Accounts   ${first}`, ...rest.map((line) => `             ${line}`)];
}
