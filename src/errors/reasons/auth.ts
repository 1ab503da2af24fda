import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="delivery-sandbox"' };

/**
 * Authentication and access: API keys on `/v1`, the admin token on the control plane, other accounts'
 * data.
 */
export const AUTH_REASONS = {
  missing_api_key: reason({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'no `Authorization` header',
    message: () =>
      'No API key: send the header Authorization: Bearer <API key> (the sandbox prints its test key at start)',
  }),
  malformed_authorization: reason<{ scheme: string }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'an `Authorization` header that is not `Bearer <key>`',
    message: (p) =>
      `The Authorization header must be "Bearer <API key>"; got the scheme "${cut(p.scheme, 20)}"`,
  }),
  malformed_api_key: reason<{ live: boolean }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'a key not shaped like a test key (live keys included)',
    message: (p) =>
      p.live
        ? 'Live keys do not work in the sandbox; use a test key (sk_test_… or rk_test_…)'
        : 'The API key is malformed; test keys look like sk_test_… (read-write) or rk_test_… (read-only)',
  }),
  invalid_api_key: reason<{ key: string }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: 'a well-shaped key no account has',
    message: (p) =>
      `No such API key: ${cut(p.key, 12)}…; use a key from the scenario (the start banner prints one)`,
  }),
  sandbox_key_gone: reason<{ name: string }>({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'v1',
    headers: WWW_AUTHENTICATE,
    when: "a named sandbox's key whose sandbox was deleted or expired (its `ttl` passed unused)",
    message: (p) =>
      `The sandbox "${cut(p.name, 40)}" this key belongs to was deleted or expired: its keys are dead; create it again (PUT /__sandbox/sandboxes/${cut(p.name, 40)}) and use the new keys it answers`,
  }),
  read_only_key: reason({
    code: 'forbidden',
    param: 'Authorization',
    surface: 'v1',
    when: 'a read-only `rk_test_…` key used for a write',
    message: () =>
      'This is a read-only key (rk_test_…); use a secret key (sk_test_…) for requests that change data',
  }),
  other_account: reason<{ kind: string; id: string }>({
    code: 'forbidden',
    param: (p) => `${p.kind}_id`,
    surface: 'v1',
    when: "another account's order",
    message: (p) => `The ${p.kind} ${p.id} belongs to another account; use that account's API key`,
  }),
  missing_admin_token: reason({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'control',
    headers: WWW_AUTHENTICATE,
    when: 'the control plane without the `--admin-token`',
    message: () =>
      'The control plane needs the admin token: send Authorization: Bearer <token> (the value of --admin-token)',
  }),
  invalid_admin_token: reason({
    code: 'unauthorized',
    param: 'Authorization',
    surface: 'control',
    headers: WWW_AUTHENTICATE,
    when: 'the control plane with a wrong admin token',
    message: () =>
      "The admin token sent is not this sandbox's: send Authorization: Bearer <token> with the exact value of its --admin-token (DELIVERY_SANDBOX_ADMIN_TOKEN)",
  }),
} satisfies Record<string, AnyReasonSpec>;
