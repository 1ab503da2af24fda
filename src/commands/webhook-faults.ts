import type { WebhookFaults } from '../domain/scenario.js';
import type { World } from '../world/world.js';

/** The webhook fault injection in force (`GET /__sandbox/faults`). */
export function getWebhookFaults(world: World): { webhooks: WebhookFaults } {
  return { webhooks: world.webhooks.faults };
}

/** Replaces the webhook fault injection (`PUT /__sandbox/faults`); `{}` switches it all off. */
export function setWebhookFaults(world: World, faults: WebhookFaults): { webhooks: WebhookFaults } {
  world.webhooks.faults = faults;
  return getWebhookFaults(world);
}
