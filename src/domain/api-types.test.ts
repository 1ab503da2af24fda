import { readFileSync } from 'node:fs';
import { expect, expectTypeOf, it } from 'vitest';
import type { SandboxEvent } from '../events/event-bus.js';
import type { OrderRecord, PaymentRecord } from '../store/state.js';
import type * as api from './api-types.js';

const generated = readFileSync(new URL('./api-types.generated.ts', import.meta.url), 'utf8');

it('api-types.generated.ts is up to date with openapi/v1.yaml (else: npm run generate)', async () => {
  const script = new URL('../../scripts/generate-api-types.mjs', import.meta.url).href;
  const { generateApiTypes } = (await import(script)) as {
    generateApiTypes: () => Promise<string>;
  };
  expect(generated, 'stale: run npm run generate and commit the result').toBe(
    await generateApiTypes(),
  );
});

// Checked by tsc (npm run typecheck): the sandbox's own types are the contract's, so what
// Sandbox's methods return is what users type their code against.
it('the domain types the sandbox answers with are the contract types users import', () => {
  expectTypeOf<OrderRecord['order']>().toEqualTypeOf<api.Order>();
  expectTypeOf<PaymentRecord['payment']>().toEqualTypeOf<api.Payment>();
  expectTypeOf<SandboxEvent['data']['order']>().toEqualTypeOf<
    api.OrderCreatedEvent['data']['order']
  >();
});
