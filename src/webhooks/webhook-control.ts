import type { SandboxContext } from '../service/context.js';
import { errors } from '../service/errors.js';
import type { WebhookFaults } from '../scenarios/scenario.js';
import type { DeliveryAttempt, WebhookEndpointRecord } from '../store/state.js';
import type { WebhookDispatcher } from './dispatcher.js';
import {
  findEndpoint,
  registerEndpoint,
  removeEndpoint,
  subscribes,
  type EndpointInput,
} from './endpoints.js';
import { buildTestEvent } from './test-event.js';

/** What the control plane asks of webhook delivery, with its errors (404 unknown, 400 nowhere to send). */
export function createWebhookControl(ctx: SandboxContext, dispatcher: WebhookDispatcher) {
  return {
    register: (input: EndpointInput): WebhookEndpointRecord => registerEndpoint(ctx, input),
    remove: (endpointId: string): WebhookEndpointRecord => removeEndpoint(ctx, endpointId),
    test: (endpointId: string): Promise<DeliveryAttempt> =>
      dispatcher.test(findEndpoint(ctx, endpointId), buildTestEvent(ctx)),
    redeliver(eventId: string): Promise<DeliveryAttempt[]> {
      const event = ctx.store.events.get(eventId);
      if (!event) {
        throw errors.notFound(
          `No event with id "${eventId.slice(0, 100)}"; list them with GET /__sandbox/events`,
          'event_id',
          'event_not_found',
        );
      }
      if (!ctx.store.webhookEndpoints.all().some((e) => subscribes(e, event.event))) {
        throw errors.invalid(
          `No webhook endpoint subscribes to ${event.event}; register one with POST /__sandbox/webhook-endpoints`,
          'event_id',
          'no_webhook_endpoint',
        );
      }
      return dispatcher.redeliver(event);
    },
    get faults(): WebhookFaults {
      return dispatcher.faults;
    },
    set faults(faults: WebhookFaults) {
      dispatcher.faults = faults;
    },
    settle: (): Promise<void> => dispatcher.settle(),
  };
}
