import type { ApiFaults, WebhookFaults } from '../domain/scenario.js';
import type { World } from '../world/world.js';

/** The fault injection in force, as `GET /__sandbox/faults` shows it. */
export interface Faults {
  webhooks: WebhookFaults;
  api: ApiFaults;
}

/** The fault injection in force (`GET /__sandbox/faults`). */
export function getFaults(world: World): Faults {
  return { webhooks: world.webhooks.faults, api: world.apiFaults.current };
}

/**
 * Replaces the fault injection (`PUT /__sandbox/faults`): each part given replaces that part whole
 * (`{ "webhooks": {} }` switches webhook faults off, `{ "api": [] }` API faults); a part left out
 * stays as it is.
 */
export function setFaults(world: World, faults: Partial<Faults>): Faults {
  if (faults.webhooks) world.webhooks.faults = faults.webhooks;
  if (faults.api) world.apiFaults.current = faults.api;
  return getFaults(world);
}
