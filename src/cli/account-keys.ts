import type { AccountKeys } from '../domain/sandbox-types.js';

/** How many accounts the banner and `reset` list before saying how many more there are. */
export const LISTED_ACCOUNTS = 5;

/**
 * One line per account (`acct_acme  Acme Eats  sk_test_…, rk_test_…`), each starting with
 * `indent`, the columns aligned; past `max` accounts, one line saying how many more and where
 * they are, so that a scenario with many accounts does not flood the terminal.
 *
 * @example
 * formatAccountKeys(sandbox.keys, '  ') // ['  acct_acme  Acme Eats  sk_test_ci_acme, rk_test_ci_acme', …]
 */
export function formatAccountKeys(
  keys: readonly AccountKeys[],
  indent: string,
  max = LISTED_ACCOUNTS,
): string[] {
  const shown = keys.slice(0, max);
  const idWidth = Math.max(0, ...shown.map((a) => a.account_id.length));
  const nameWidth = Math.max(0, ...shown.map((a) => a.name.length));
  const lines = shown.map(
    (a) =>
      `${indent}${a.account_id.padEnd(idWidth)}  ${a.name.padEnd(nameWidth)}  ${a.api_keys.join(', ')}`,
  );
  const more = keys.length - shown.length;
  if (more > 0)
    lines.push(
      `${indent}… and ${more} more account${more === 1 ? '' : 's'}: the scenario file's accounts, or reset --json`,
    );
  return lines;
}
