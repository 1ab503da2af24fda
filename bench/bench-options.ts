/**
 * What the API benches share (bench/api-throughput.ts, profile-routes.ts, create-growth.ts): their
 * `--name value` options, the `ci` scenario's API key, and the order they create.
 */

/** The value after `--name` on the command line, or `fallback`. */
export const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};

/** The `Authorization` of the `ci` scenario's read-write key. */
export const CI_KEY = 'Bearer sk_test_ci_acme';

/** The body of every `POST /v1/orders` the benches send: two San Francisco addresses and a tip. */
export const ORDER_BODY = JSON.stringify({
  pickup: { address: '1 Market St' },
  dropoff: { address: '2 Castro St' },
  tip: 100,
});
