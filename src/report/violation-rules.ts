import type { JournalError } from '../journal/journal-entry.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/json-depth.js';
import type { ViolationRule } from './integration-report.js';

/** One broken rule of one request: the parameter at fault and what the API said. */
export interface BrokenRule {
  rule: ViolationRule;
  param: string | null;
  message: string;
}

/**
 * The rule each validation detail broke. The journal keeps the error body the client read, not
 * ajv's keyword, so the rule is read from the message's fixed wording (src/http/validation-
 * messages.ts; test/integration-report-e2e.test.ts and request-ledger.test.ts pin it): `is not a
 * known` (additionalProperties), `is required`, `must be a/an <type>; got` (type); anything else
 * (format, enum, range, length, pattern) is a bad value.
 */
export function ruleOfDetail(message: string): ViolationRule {
  if (/ is not a known (field|query parameter)/.test(message)) return 'unknown_field';
  if (/ is required$/.test(message)) return 'missing_field';
  if (/ must be an? (string|number|integer|object|array|boolean|null); got /.test(message))
    return 'wrong_type';
  return 'bad_value';
}

/**
 * The rules an answered request broke, from its status and the error it was answered (none for a
 * request that kept the contract). Retries with a changed key need the request sequence:
 * `RequestLedger` finds those.
 */
export function brokenRules(status: number | null, err: JournalError | null): BrokenRule[] {
  if (err === null) return [];
  if (err.reason === 'read_only_key')
    return [{ rule: 'read_only_key', param: 'Authorization', message: err.message }];
  if (err.reason === 'unsupported_content_type')
    return [{ rule: 'wrong_content_type', param: 'Content-Type', message: err.message }];
  // A validation failure is `invalid_request` with no reason and the failures in `details`.
  if (status !== 400 || err.code !== 'invalid_request' || err.reason !== null) return [];
  const details =
    err.details.length > 0 ? err.details : [{ param: err.param, message: err.message }];
  return details.map((d) => ({
    rule: ruleOfDetail(d.message),
    param: d.param,
    message: d.message,
  }));
}

const MAX_STRING = 64;
const MAX_EXAMPLE = 2048;
// 13–19 digits, spaces or dashes between: a card number's shape.
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
// A phone number: optional +, then 7+ digits with the usual separators.
const PHONE = /\+?\d[\d ().-]{6,}\d/g;
const EMAIL = /[^\s@"]+@[^\s@"]+\.[^\s@"]+/g;
// Fields that hold a person's data: their string values are masked whole.
const PERSONAL =
  /name|phone|email|address|instructions|note|contact|customer|card|token|secret|key/i;

/**
 * A request body fit to print in a CI log: card-, phone- and e-mail-like strings masked, the
 * values of personal fields (names, phones, addresses, notes…) masked whole, long strings cut to
 * 64 characters, the whole cut to 2 KiB. Not JSON: the first 64 characters, masked.
 */
export function redactBody(text: string | null): string | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return shownAsText(text);
  }
  // The journal keeps bodies refused as too deep too: those are shown as text, never walked.
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) return shownAsText(text);
  const out = JSON.stringify(redactValue(value, ''));
  return out.length > MAX_EXAMPLE ? `${out.slice(0, MAX_EXAMPLE)}…` : out;
}

function redactValue(value: unknown, key: string): unknown {
  if (typeof value === 'string')
    return PERSONAL.test(key) && !/_id$|^id$/.test(key)
      ? '[redacted]'
      : cutString(maskString(value));
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redactValue(v, key));
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties: a `__proto__` field stays a field.
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 50)
        .map(([k, v]) => [cutString(k), redactValue(v, k)]),
    );
  }
  return value;
}

/**
 * A text with API keys, e-mail addresses, card-like and phone-like numbers masked; a plain decimal
 * (a coordinate such as -122.4194) is left alone.
 */
export function maskString(s: string): string {
  return s
    .replace(/\b(sk|rk)_[A-Za-z0-9_]+/g, '[api key]')
    .replace(EMAIL, '[email]')
    .replace(CARD, '[card]')
    .replace(PHONE, (m) => (/^\d+\.\d+$/.test(m) ? m : '[phone]'));
}

/**
 * The start of a body shown as text, masked: only a few times what is shown is masked, since the
 * masks' patterns take time that grows with the square of a long run without spaces.
 */
function shownAsText(text: string): string {
  return cutString(maskString(text.slice(0, 4 * MAX_STRING)));
}

function cutString(s: string): string {
  return s.length > MAX_STRING ? `${s.slice(0, MAX_STRING)}…` : s;
}
