import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `X-Service-Signature` of a webhook body: `sha256=` and the lowercase hex HMAC-SHA256 of the
 * exact raw body bytes, keyed with the endpoint's secret (the scheme of GitHub's
 * `X-Hub-Signature-256`, so off-the-shelf verifiers accept it).
 *
 * @example signPayload('whsec_abc', '{"event":"order.created"}') // 'sha256=5f1c…'
 */
export function signPayload(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Whether `header` is the right signature of `body` under `secret`, compared in constant time.
 * Pass the raw body exactly as received (a Buffer or string), not re-serialised JSON.
 *
 * @example
 * app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
 *   if (!verifySignature(secret, req.body, req.get('X-Service-Signature'))) return res.sendStatus(400);
 *   res.sendStatus(200);
 * });
 */
export function verifySignature(
  secret: string,
  body: string | Uint8Array,
  header: string | undefined | null,
): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const expected = Buffer.from(signPayload(secret, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
