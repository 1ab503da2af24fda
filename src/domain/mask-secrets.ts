/**
 * API keys (`sk_test_…`, `rk_test_…`), webhook signing secrets (`whsec_…`) and the value of any
 * JSON `"secret"` field, wherever they stand in a text.
 */
const SECRETS =
  /\b([sr]k)_test_[A-Za-z0-9_-]+|\bwhsec_[A-Za-z0-9_-]+|("secret"\s*:\s*)"(?:[^"\\]|\\.)*"/g;

/**
 * A text with every secret the sandbox hands out masked: API keys become `sk_test_[redacted]`,
 * webhook secrets `whsec_[redacted]`, a `"secret"` field's value `"[redacted]"`. A trace records
 * control-plane answers (which show keys and secrets) through it, so that a trace file can be
 * uploaded as a CI artifact; the masking is the same for a recording and for its replay, so the
 * two still compare.
 *
 * @example maskSecrets('{"api_key":"sk_test_abc123"}') // '{"api_key":"sk_test_[redacted]"}'
 */
export function maskSecrets(text: string): string {
  // Most texts hold none: three scans for a fixed string cost far less than the pattern.
  if (!text.includes('_test_') && !text.includes('whsec_') && !text.includes('"secret"'))
    return text;
  return text.replace(SECRETS, (whole, key: string | undefined, field: string | undefined) => {
    if (key !== undefined) return `${key}_test_[redacted]`;
    if (field !== undefined) return `${field}"[redacted]"`;
    return 'whsec_[redacted]';
  });
}
