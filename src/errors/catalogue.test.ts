import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withReasonEnum, withReasonTable } from '../../scripts/generate-reference.js';
import { CATALOGUE, REASONS } from './catalogue.js';
import { fail } from './service-error.js';

const read = (path: string): string => readFileSync(path, 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('the error catalogue', () => {
  it('is what the reason table of docs/errors.md says (run npm run generate after changing it)', () => {
    const page = read('docs/errors.md');
    expect(withReasonTable(page)).toBe(page);
  });

  it.each([
    ['openapi/v1.yaml', 'v1'],
    ['openapi/sandbox.yaml', 'control'],
  ] as const)('is what %s lists as ErrorReason', async (file, surface) => {
    const text = read(file);
    expect(await withReasonEnum(text, surface)).toBe(text);
  });

  it('holds each reason in exactly one area file, every area joined', async () => {
    const dir = join('src', 'errors', 'reasons');
    const areas = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const inAreas: string[] = [];
    for (const file of areas) {
      const area: Record<string, object> = await import(pathToFileURL(join(dir, file)).href);
      for (const specs of Object.values(area)) inAreas.push(...Object.keys(specs));
    }
    expect(inAreas.toSorted()).toEqual(REASONS.toSorted());
  });

  it('has no reason that no code throws', () => {
    const code = sourceFiles('src')
      .filter((f) => !f.startsWith(join('src', 'errors')))
      .map(read)
      .join('\n');
    // The declined cards are thrown by their test payment method's outcome.
    const outcomes = read('fixtures/payment-methods.json');
    const unused = REASONS.filter((r) => !code.includes(`'${r}'`) && !outcomes.includes(`"${r}"`));
    expect(unused).toEqual([]);
  });

  it('builds each error with its code, status, param and headers', () => {
    const e = fail('order_not_cancellable', { id: 'ord_1', status: 'picked_up' });
    expect([e.code, e.status, e.param, e.reason]).toEqual([
      'invalid_request',
      400,
      'order_id',
      'order_not_cancellable',
    ]);
    const forbidden = fail(
      'order_not_cancellable',
      { id: 'ord_1', status: 'picked_up' },
      { as: 'forbidden' },
    );
    expect([forbidden.code, forbidden.status]).toEqual(['forbidden', 403]);
    expect(fail('body_too_large', { limit: '1 MiB' }).status).toBe(413);
    expect(fail('missing_api_key').headers).toHaveProperty('WWW-Authenticate');
    expect(fail('other_account', { kind: 'order', id: 'ord_1' }).param).toBe('order_id');
  });

  it('refuses a code the catalogue does not document for the reason', () => {
    expect(() => fail('order_not_found', { id: 'x' }, { as: 'forbidden' })).toThrow(/invariant/);
  });

  it('words every message with the offending value', () => {
    for (const reason of REASONS) expect(CATALOGUE[reason].when.length).toBeGreaterThan(5);
    expect(fail('invalid_payment_method', { got: 'card' }).message).toContain('"card"');
  });
});
