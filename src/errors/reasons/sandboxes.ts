import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Named sandboxes (`/__sandbox/sandboxes`, docs/sandboxes.md): their names, lifetime and limit.
 */
export const SANDBOX_REASONS = {
  invalid_sandbox_name: reason<{ name: string; rule: string }>({
    code: 'invalid_request',
    param: 'name',
    surface: 'control',
    when: 'a sandbox name that breaks the rule, or `default` (the default sandbox, never created or deleted)',
    message: (p) =>
      p.name === 'default'
        ? '"default" names the default sandbox, which is always there: choose another name for a named sandbox'
        : `The sandbox name "${cut(p.name, 100)}" is not allowed: use ${p.rule}, such as checkout-test-1`,
  }),
  invalid_ttl: reason<{ got: string; min: string; max: string }>({
    code: 'invalid_request',
    param: 'ttl',
    surface: 'control',
    when: 'a sandbox `ttl` that is not a duration from 1 s to 7 days',
    message: (p) =>
      `ttl must be a duration from ${p.min} to ${p.max} of real time since the sandbox's last use, such as "30m" or "2h" (or seconds, 1800); got ${cut(p.got, 40)}`,
  }),
  too_many_sandboxes: reason<{ limit: number }>({
    code: 'invalid_request',
    status: 409,
    param: 'name',
    surface: 'control',
    when: 'creating a named sandbox past `--max-sandboxes` (default 200); nothing existing is touched',
    message: (p) =>
      `The server already holds ${p.limit} named sandboxes, the most it keeps (--max-sandboxes ${p.limit}); delete one you no longer use (DELETE /__sandbox/sandboxes/{name}), or start the server with a higher --max-sandboxes`,
  }),
  sandbox_full: reason<{ sandbox: string; limit: number }>({
    code: 'invalid_request',
    status: 409,
    param: null,
    surface: 'v1',
    when: 'creating an order in a named sandbox that already holds `--sandbox-max-orders` orders (default 10 000); nothing existing is touched',
    message: (p) =>
      `The sandbox "${cut(p.sandbox, 100)}" already holds ${p.limit} orders, the most a named sandbox keeps (--sandbox-max-orders ${p.limit}); reset it (POST /__sandbox/sandboxes/${cut(p.sandbox, 100)}/reset) or create a new sandbox, or start the server with a higher --sandbox-max-orders`,
  }),
  sandbox_not_found: reason<{ name: string }>({
    code: 'not_found',
    param: 'name',
    surface: 'control',
    when: 'no named sandbox of that name (never created, deleted, or expired after its `ttl`)',
    message: (p) =>
      `No sandbox named "${cut(p.name, 100)}" (it was never created, was deleted, or expired after its ttl); create it with PUT /__sandbox/sandboxes/${cut(p.name, 100)}, or list them with GET /__sandbox/sandboxes`,
  }),
} satisfies Record<string, AnyReasonSpec>;
