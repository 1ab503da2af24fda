import { expectTypeOf, it } from 'vitest';
import type { SandboxStateSchema } from '../domain/sandbox-types.js';
import type * as state from './state.js';

type Item<K extends keyof SandboxStateSchema> =
  NonNullable<SandboxStateSchema[K]> extends (infer T)[] ? T : never;
/** The same fields as one object type (a wire type & the sandbox's own fields, read as one). */
type Flat<T> = { [K in keyof T]: T[K] };
/** The keys of `T` whose values are lists (the state's records, each compared on its own). */
type ListKeys<T> = { [K in keyof T]-?: T[K] extends unknown[] ? K : never }[keyof T];
type Lists = ListKeys<state.SandboxState>;

// Checked by tsc (npm run typecheck): each record the store keeps, a wire type of the contract plus
// the sandbox's own fields, is field for field what `GET /__sandbox/state` exports and an import
// accepts (openapi/sandbox.yaml's SandboxState). A change to a wire type that the state document
// does not follow (or the other way round) fails here, not at the next export or import.
it('each stored record is an item of the exported state, field for field', () => {
  expectTypeOf<Flat<state.AccountRecord>>().toEqualTypeOf<Item<'accounts'>>();
  expectTypeOf<Flat<state.DriverRecord>>().toEqualTypeOf<Item<'drivers'>>();
  expectTypeOf<state.OrderRecord>().toEqualTypeOf<Item<'orders'>>();
  expectTypeOf<state.PaymentRecord>().toEqualTypeOf<Item<'payments'>>();
  expectTypeOf<state.SandboxState['events'][number]>().toEqualTypeOf<Item<'events'>>();
  expectTypeOf<state.IdempotencyRecord>().toEqualTypeOf<Item<'idempotency'>>();
  expectTypeOf<state.WebhookEndpointRecord>().toEqualTypeOf<Item<'webhook_endpoints'>>();
  expectTypeOf<state.DeliveryRecord>().toEqualTypeOf<Item<'deliveries'>>();
  expectTypeOf<state.SandboxState['webhook_attempts'][number]>().toEqualTypeOf<
    Item<'webhook_attempts'>
  >();
  expectTypeOf<Flat<Omit<state.SandboxState, Lists>>>().toEqualTypeOf<
    Omit<SandboxStateSchema, Lists>
  >();
  expectTypeOf<Lists>().toEqualTypeOf<ListKeys<SandboxStateSchema>>();
});
