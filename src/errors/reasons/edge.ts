import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Who may call at all: the `Host` (DNS rebinding), the `Origin` of control-plane writes and of
 * WebSocket streams, and the cap on open streams.
 */
export const EDGE_REASONS = {
  host_not_allowed: reason<{ host: string }>({
    code: 'forbidden',
    param: 'Host',
    surface: 'v1',
    when: 'a `Host` that is not a loopback name, the bound host or an `--allowed-host` (DNS rebinding)',
    message: (p) =>
      `The Host "${cut(p.host, 100)}" is not allowed: the sandbox answers localhost, 127.0.0.1, [::1] and its bound host; add others with --allowed-host (or DELIVERY_SANDBOX_ALLOWED_HOST)`,
  }),
  cross_site_request: reason<{ header: 'Origin' | 'Content-Type'; got: string; host: string }>({
    code: 'forbidden',
    param: (p) => p.header,
    surface: 'control',
    when: 'a control-plane write from another origin, or with a body that is not JSON (a web page could send it)',
    message: (p) =>
      p.header === 'Origin'
        ? `The control plane refuses requests from other origins: Origin ${cut(p.got, 100)} is not http://${cut(p.host, 100)}; call it from tests and tools (which send no Origin), or from a page the sandbox serves`
        : `Control-plane writes take Content-Type: application/json or no body; got ${cut(p.got, 100)}, which any web page can send cross-site, so it is refused`,
  }),
  stream_origin_not_allowed: reason<{ origin: string; path: string; host: string }>({
    code: 'forbidden',
    param: 'Origin',
    surface: 'v1',
    when: 'a WebSocket stream opened by a page of another origin (for `/v1` streams: not a `--cors-origin` either)',
    message: (p) =>
      p.path.startsWith('/v1/')
        ? `Origin ${cut(p.origin, 100)} may not open streams: the sandbox takes pages of http://${cut(p.host, 100)} and the --cors-origin origins; add this one with --cors-origin`
        : `The control-plane stream takes only pages the sandbox serves: Origin ${cut(p.origin, 100)} is not http://${cut(p.host, 100)}; connect from tests and tools (which send no Origin)`,
  }),
  too_many_streams: reason<{ limit: number }>({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'a WebSocket stream over `streams.maxClients` open streams (answered before the upgrade)',
    message: (p) =>
      `The sandbox already has ${p.limit} open streams (streams.maxClients); close streams you no longer read, then retry`,
  }),
} satisfies Record<string, AnyReasonSpec>;
