import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * HTTP itself, mostly answered before routing (some on the raw socket): headers, `Expect`, the `Host`
 * header, `CONNECT`, timeouts and the connection cap.
 */
export const CONNECTION_REASONS = {
  headers_too_large: reason({
    code: 'invalid_request',
    status: 431,
    param: null,
    surface: 'v1',
    when: "the headers are over Node's 16 KiB (answered before routing)",
    message: () => 'The request headers are larger than 16 KiB; send smaller headers',
  }),
  malformed_http: reason<{ detail: string }>({
    code: 'invalid_request',
    param: null,
    surface: 'v1',
    when: 'bytes that are not HTTP/1.1 (answered before routing)',
    message: (p) => `The request is not valid HTTP/1.1 (${p.detail}); check the client`,
  }),
  expectation_failed: reason<{ got: string }>({
    code: 'invalid_request',
    status: 417,
    param: 'Expect',
    surface: 'v1',
    when: 'an `Expect` header other than `100-continue` (answered before routing)',
    message: (p) =>
      `The sandbox cannot meet Expect: ${cut(p.got, 60)}; send Expect: 100-continue or no Expect header`,
  }),
  missing_host: reason({
    code: 'invalid_request',
    param: 'Host',
    surface: 'v1',
    when: 'an HTTP/1.1 request with no `Host` header',
    message: () =>
      'HTTP/1.1 requests need a Host header; send Host: localhost:<port> (any HTTP client does)',
  }),
  connect_not_supported: reason({
    code: 'invalid_request',
    status: 405,
    param: null,
    surface: 'v1',
    headers: { Allow: 'GET, POST, PUT, PATCH, DELETE' },
    when: '`CONNECT`: the sandbox is not a proxy (answered before routing, then the connection closes)',
    message: () =>
      'CONNECT is not supported: the sandbox is an API, not a proxy; send GET, POST, PUT, PATCH or DELETE',
  }),
  upgrade_chunked_body: reason<{ upgrade: string }>({
    code: 'invalid_request',
    param: 'Transfer-Encoding',
    surface: 'v1',
    when: 'a chunked body on a request asking for an `Upgrade` other than WebSocket (`h2c`): the sandbox ignores the upgrade but cannot read that body',
    message: (p) =>
      `The sandbox speaks HTTP/1.1 and ignores Upgrade: ${cut(p.upgrade, 60)}, but cannot read a chunked body sent with it; send the request without the Upgrade header (HTTP/1.1 only), or with a Content-Length body`,
  }),
  request_timeout: reason<{ seconds: number }>({
    code: 'invalid_request',
    status: 408,
    param: null,
    surface: 'v1',
    when: 'the headers or the body did not arrive in time (`headersTimeoutMs`, `requestTimeoutMs`)',
    message: (p) =>
      `The request did not arrive in time (the limit is ${p.seconds} s); send the whole request at once`,
  }),
  too_many_connections: reason<{ limit: number }>({
    code: 'invalid_request',
    status: 503,
    param: null,
    surface: 'v1',
    headers: { 'Retry-After': '1' },
    when: 'more open connections than `maxConnections` (answered at connection, then closed)',
    message: (p) =>
      `The sandbox already has ${p.limit} open connections (maxConnections); close idle connections or reuse them (keep-alive), then retry`,
  }),
} satisfies Record<string, AnyReasonSpec>;
