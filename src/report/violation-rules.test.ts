import { describe, expect, it } from 'vitest';
import { redactBody } from './violation-rules.js';

describe('redactBody', () => {
  it('shows a body nested too deep to walk as masked text, never a RangeError', () => {
    // The journal keeps refused bodies too, up to journal.maxBodyBytes (which may be set to 1 MiB).
    const text = `{"phone":"+1 415 555 0100","deep":${'['.repeat(400_000)}${']'.repeat(400_000)}}`;
    const shown = redactBody(text);
    expect(shown).toMatch(/^\{"phone":/);
    expect(shown).not.toContain('415 555 0100');
  });

  it('still redacts a body within the depth limit field by field', () => {
    expect(redactBody('{"name":"Sam","a":[[1]]}')).toBe('{"name":"[redacted]","a":[[1]]}');
  });
});
