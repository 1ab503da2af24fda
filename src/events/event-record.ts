import type { components } from '../domain/api-types.generated.js';

type Schemas = components['schemas'];

/**
 * An emitted event, exactly the webhook body (openapi/v1.yaml's `OrderEvent` or `PaymentEvent`):
 * what the store keeps, the bus carries and the dispatcher signs and sends.
 */
export type EventRecord = Schemas['OrderEvent'] | Schemas['PaymentEvent'];
