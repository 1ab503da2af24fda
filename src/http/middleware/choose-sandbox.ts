import { sandboxNameOfKey } from '../../domain/api-key.js';
import { fail } from '../../errors/service-error.js';
import { parseBearer } from '../../edge/bearer.js';
import type { AppHost } from '../app-host.js';
import type { RequestStep } from '../pipeline.js';

/** The control routes of a sandbox named in the path: `/__sandbox/sandboxes/{name}/<route>`. */
const PREFIX = '/__sandbox/sandboxes/';
/** What a named sandbox's key starts with, after `sk_` or `rk_` (docs/sandboxes.md). */
const NAMED_KEY = '_test_sb-';

/**
 * The request's sandbox, then its world: where a request finds its world, it is here, once.
 *
 * - `/__sandbox/sandboxes/{name}/<route>` is `/__sandbox/<route>` of that sandbox (`default` names
 *   the default one): the request's URL becomes the inner control path, so every control route
 *   runs unchanged on the request's host. An unknown name leaves the URL as it is: the control
 *   plane answers it `404 sandbox_not_found` once the admin token is checked.
 * - Any other request (`/v1` above all) belongs to the sandbox its bearer key names: a key of a
 *   named sandbox (`sk_test_sb-<name>_…`) its sandbox, any other key (or none) the default one.
 *   Only a header holding `_test_sb-` is parsed (the hot path's keys are looked at no more). A
 *   key whose sandbox was deleted or expired keeps the default host and is marked `goneSandbox`:
 *   the `sandbox-gone` step answers it 401 once the request has its id.
 *
 * Pure as far as the fast path goes (it takes only `GET /v1/orders/{id}`, whose URL is never
 * rewritten): it sets `x.host` and `x.world = x.host.current`, read once, so the request works on
 * that world to its end, even across a reset.
 */
export function chooseSandbox(server: AppHost): RequestStep {
  return {
    name: 'world',
    pure: true,
    run: (x) => {
      let host = server;
      x.goneSandbox = undefined;
      if (x.path.startsWith(PREFIX)) {
        const named = sandboxOfPath(server, x.req);
        if (named) {
          host = named;
          x.routePath = `/__sandbox${x.path.slice(x.path.indexOf('/', PREFIX.length))}`;
        }
      } else {
        const auth = x.req.headers.authorization;
        if (auth !== undefined && auth.includes(NAMED_KEY) && server.sandboxes) {
          const credential = parseBearer(auth);
          const token = credential && 'token' in credential ? credential.token : '';
          const found = server.sandboxes.resolveKey(token);
          if (found === 'gone') x.goneSandbox = sandboxNameOfKey(token) ?? '';
          else if (found) host = found;
        }
      }
      x.host = host;
      x.world = host.current;
    },
  };
}

/**
 * The sandbox `/__sandbox/sandboxes/{name}/<route>` names, its URL rewritten to
 * `/__sandbox/<route>` (the query kept); `undefined`, the URL untouched, for the sandboxes' own
 * routes (`/__sandbox/sandboxes/{name}`) and for a name that is no sandbox.
 */
function sandboxOfPath(server: AppHost, req: { url?: string | undefined }): AppHost | undefined {
  const url = req.url ?? '';
  if (!url.startsWith(PREFIX)) return undefined;
  const end = url.indexOf('/', PREFIX.length);
  const query = url.indexOf('?');
  if (end < 0 || (query >= 0 && query < end)) return undefined;
  const name = url.slice(PREFIX.length, end);
  const host = name === 'default' ? server : server.sandboxes?.get(name);
  if (host) req.url = `/__sandbox${url.slice(end)}`;
  return host;
}

/**
 * Answers `401 sandbox_key_gone` for a key whose sandbox was deleted or expired (marked by the
 * `world` step), once the request has its id: nothing of it reaches a world or a journal.
 */
export function refuseGoneSandbox(): RequestStep {
  return {
    name: 'sandbox-gone',
    declinesFast: (x) => x.goneSandbox !== undefined,
    run: (x) => {
      if (x.goneSandbox !== undefined) throw fail('sandbox_key_gone', { name: x.goneSandbox });
    },
  };
}
