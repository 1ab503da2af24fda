import type { IncomingMessage } from 'node:http';
import {
  authenticateKey,
  checkAdminToken as checkToken,
  type Credential,
} from '../commands/authenticate.js';
import { parseBearer } from '../edge/bearer.js';
import { isSameOrigin } from '../edge/same-origin.js';
import { fail } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';

/**
 * The credential of an upgrade request: `Authorization: Bearer …`, or `?access_token=` (a browser's
 * WebSocket cannot set headers). The header wins when both are sent. `undefined`: none at all.
 */
export function streamCredential(req: IncomingMessage, query: URLSearchParams): Credential {
  const bearer = parseBearer(req.headers.authorization);
  if (bearer) return bearer;
  const token = query.get('access_token');
  return token === null || token === '' ? undefined : { token };
}

/** The account of a `/v1` stream's key, with the same answers as the REST API's authentication. */
export function streamAccount(world: World, credential: Credential): AccountRecord {
  const entry = authenticateKey(world, credential, { requireWrite: false });
  return entry.account; // a read-only key may watch: a stream changes nothing
}

/** The admin token check of `/__sandbox/stream`, as the control plane's (none set: open). */
export function checkAdminToken(
  expected: string | undefined,
  req: IncomingMessage,
  query: URLSearchParams,
): void {
  checkToken(expected, streamCredential(req, query));
}

/**
 * The cross-site rule of a stream: WebSocket upgrades are not subject to CORS, so a page on any
 * site could open one with the user's sandbox behind it. A browser always sends `Origin`: the
 * control-plane stream takes only the sandbox's own; a `/v1` stream also the `--cors-origin`s.
 * Tools send no `Origin` and are not affected.
 */
export function checkStreamOrigin(
  req: IncomingMessage,
  path: string,
  corsOrigins: readonly string[],
): void {
  const { origin, host } = req.headers;
  if (origin === undefined || isSameOrigin(origin, host)) return;
  if (path.startsWith('/v1/') && corsOrigins.includes(origin)) return;
  throw fail('stream_origin_not_allowed', { origin, path, host: host ?? '' });
}
