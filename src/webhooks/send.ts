import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';
import { stopwatch } from '../clock/real-time.js';
import { maskUrlCredentials } from '../domain/mask-url-credentials.js';

/** At most this much of a receiver's answer is kept in the log. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface SendResult {
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The first 4 KiB of the answer's body. */
  body: string | null;
  /** Why no answer came, in words (a time-out, a refused connection…). */
  error: string | null;
  durationMs: number;
}

const httpAgent = new HttpAgent({ keepAlive: true });

/**
 * node:https (and TLS under it) with its keep-alive agent, loaded for the first https receiver:
 * most receivers are plain http on localhost, and loading TLS was ~15 ms of every start on
 * Node 20 (docs/decisions/0020-start-up-work.md).
 */
let https: { request: typeof Https.request; agent: Https.Agent } | undefined;
function httpsClient(): { request: typeof Https.request; agent: Https.Agent } {
  if (!https) {
    const module = createRequire(import.meta.url)('node:https') as typeof Https;
    https = { request: module.request, agent: new module.Agent({ keepAlive: true }) };
  }
  return https;
}

const isTimeout = (err: Error): boolean => err.name === 'AbortError' || err.name === 'TimeoutError';

/** What OpenSSL says when the bytes that came back to its hello were plain HTTP. */
const PLAIN_HTTP_ANSWER = /wrong.version.number|packet.length.too.long|http.request/i;

function describeError(err: NodeJS.ErrnoException, url: URL, timeoutMs: number): string {
  if (isTimeout(err)) return `no answer within ${timeoutMs / 1000} s (timed out)`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return `connection refused by ${url.host} (is the receiver running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found: ${url.hostname}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was closed before an answer came';
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
    case 'ERR_SSL_HTTP_REQUEST':
      // OpenSSL's own line ("…:ssl3_get_record:wrong version number:…") means a plain HTTP answer.
      if (PLAIN_HTTP_ANSWER.test(`${err.code} ${err.message}`))
        return `the endpoint answered plain HTTP to a TLS request; use http://${url.host}${url.pathname}${url.search}`;
      break;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${url.host} is unreachable`;
  }
  return err.code ? `${err.code}: ${err.message}` : err.message;
}

/** How a webhook request goes out; `send` over HTTP, or a fake in unit tests. */
export type Transport = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<SendResult>;

/** What one request on one connection came to; `stale` when it hit a keep-alive socket the receiver had closed. */
type Outcome = Omit<SendResult, 'durationMs'> & { stale: boolean };

/**
 * POSTs `body` with exactly `headers` (Node adds Host, Content-Length and Connection) and waits at
 * most `timeoutMs` for the whole answer. Never throws: failures come back as `error`.
 *
 * An answer counts only once it is complete: a status line followed by a reset is an `error`
 * (with its `status`), so the retry policy sees a failure. A reset on a reused keep-alive socket
 * before any byte of an answer means the receiver closed that idle connection as the request went
 * out, so nothing reached it: the request is sent again at once, once, on a new connection, within
 * the same time-out, as the same attempt.
 */
export const send: Transport = async (url, headers, body, timeoutMs) => {
  const elapsed = stopwatch();
  const done = ({ stale: _, ...r }: Outcome): SendResult => ({
    ...r,
    durationMs: Math.round(elapsed() * 10) / 10,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({
      status: null,
      body: null,
      error: `not a valid URL: ${maskUrlCredentials(url)}`,
      stale: false,
    });
  }
  const signal = AbortSignal.timeout(timeoutMs); // one time-out for the attempt, a resend included
  const secure = target.protocol === 'https:';
  const post = (agent: HttpAgent | false): Promise<Outcome> =>
    postOnce(target, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, body, {
      agent,
      signal,
      timeoutMs,
    });
  const first = await post(secure ? httpsClient().agent : httpAgent);
  // `agent: false`: a connection of its own, which cannot be another stale one from the pool.
  return done(first.stale ? await post(false) : first);
};

function postOnce(
  target: URL,
  headers: Record<string, string>,
  body: string,
  opts: { agent: HttpAgent | false; signal: AbortSignal; timeoutMs: number },
): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<Outcome, 'stale'>, stale = false): void => {
      if (settled) return;
      settled = true;
      resolve({ ...r, stale });
    };
    const secure = target.protocol === 'https:';
    // Set once a status line came: a later error cuts that answer short (Node 24 also emits it on
    // the request, after the response began; Node 20 on the response alone).
    let cutShort: ((err?: NodeJS.ErrnoException) => void) | undefined;
    const req = (secure ? httpsClient().request : httpRequest)(
      target,
      { method: 'POST', headers, agent: opts.agent, signal: opts.signal },
      (res) => {
        const status = res.statusCode ?? null;
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT) {
            chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - kept));
            kept += Math.min(chunk.length, RESPONSE_BODY_LIMIT - kept);
          }
        });
        res.on('end', () =>
          finish({ status, body: Buffer.concat(chunks).toString('utf8'), error: null }),
        );
        // A status line is not an answer until the body is complete: cut short, it is a failure.
        const cut = (err?: NodeJS.ErrnoException): void =>
          finish({
            status,
            body: null,
            error:
              err && isTimeout(err)
                ? describeError(err, target, opts.timeoutMs)
                : `the receiver closed the connection mid-answer after ${status}`,
          });
        cutShort = cut;
        res.on('error', cut);
        res.on('close', () => {
          if (!res.complete) cut();
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (cutShort) return cutShort(err);
      const stale = req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
      finish(
        { status: null, body: null, error: describeError(err, target, opts.timeoutMs) },
        stale,
      );
    });
    req.end(body);
  });
}
