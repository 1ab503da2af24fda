import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryNames } from './journal-entry.js';

describe('queryNames', () => {
  it('names the parameters as URLSearchParams does, escaped or not, up to a fragment', () => {
    const part = fc.oneof(
      fc.constantFrom(
        'lat',
        'lng',
        'radius',
        'a+b',
        'a%20b',
        '%zz',
        '',
        '=',
        '==x',
        'x=',
        'k=v=w',
        '?r=3',
      ),
      fc.string({ unit: fc.constantFrom('a', 'b', '=', '%', '2', '0', '+', ' ', 'é', '?') }),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), fc.boolean(), (parts, fragment) => {
        const query = parts.join('&');
        const url = `/v1/x?${query}${fragment ? '#frag=1&x' : ''}`;
        expect(queryNames(url)).toEqual([...new URLSearchParams(query).keys()]);
      }),
    );
    expect(queryNames('/v1/orders')).toEqual([]);
    expect(queryNames('/v1/orders?')).toEqual([]);
  });
});
