import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { stopwatch } from '../clock/real-time.js';

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

const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
};

function describeError(err: NodeJS.ErrnoException, url: URL, timeoutMs: number): string {
  if (err.name === 'AbortError' || err.name === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s (timed out)`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return `connection refused by ${url.host} (is the receiver running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found: ${url.hostname}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was closed before an answer came';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${url.host} is unreachable`;
    default:
      return err.code ? `${err.code}: ${err.message}` : err.message;
  }
}

/** How a webhook request goes out; `send` over HTTP, or a fake in unit tests. */
export type Transport = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<SendResult>;

/**
 * POSTs `body` with exactly `headers` (Node adds Host, Content-Length and Connection) and waits at
 * most `timeoutMs` for the whole answer. Never throws: failures come back as `error`.
 */
export const send: Transport = (url, headers, body, timeoutMs) => {
  const elapsed = stopwatch();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>): void => {
      if (settled) return;
      settled = true;
      resolve({ ...r, durationMs: Math.round(elapsed() * 10) / 10 });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ status: null, body: null, error: `not a valid URL: ${url}` });
      return;
    }
    const secure = target.protocol === 'https:';
    const req = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        agent: secure ? agents.https : agents.http,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_LIMIT) {
            chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - kept));
            kept += Math.min(chunk.length, RESPONSE_BODY_LIMIT - kept);
          }
        });
        res.on('end', () =>
          finish({
            status: res.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
            error: null,
          }),
        );
        res.on('error', (err) =>
          finish({
            status: res.statusCode ?? null,
            body: null,
            error: describeError(err, target, timeoutMs),
          }),
        );
      },
    );
    req.on('error', (err) =>
      finish({ status: null, body: null, error: describeError(err, target, timeoutMs) }),
    );
    req.end(body);
  });
};
