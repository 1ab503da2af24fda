import { describe, expect, it } from 'vitest';
import { maskSecrets } from './mask-secrets.js';

describe('maskSecrets', () => {
  it.each([
    ['{"api_key":"sk_test_AbC123_x"}', '{"api_key":"sk_test_[redacted]"}'],
    ['key rk_test_sb-one_AbCdEf', 'key rk_test_[redacted]'],
    ['{"secret":"whsec_abc"}', '{"secret":"[redacted]"}'],
    ['{"secret" : "my \\"own\\" secret"}', '{"secret" : "[redacted]"}'],
    ['signed with whsec_Zz9', 'signed with whsec_[redacted]'],
    ['{"order_id":"ord_1","tip":5}', '{"order_id":"ord_1","tip":5}'],
  ])('masks %s', (text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });
});
