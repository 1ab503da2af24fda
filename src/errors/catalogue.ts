/**
 * The one catalogue of errors the sandbox answers: every `reason`, with its code, HTTP status,
 * parameter and message. Code anywhere below HTTP throws by reason (`fail('order_not_found', { id })`);
 * `errorBody` turns the error into JSON. The error table of docs/errors.md and the OpenAPI documents'
 * `reason` enums are generated from (and tested against) this catalogue.
 *
 * Each area keeps its reasons in its own file of `reasons/` (as a pipeline keeps its errors by
 * stage); add a reason to its area's file, nowhere else. The areas are joined here in the order of
 * the generated table and enums: a new area goes where its reasons should be listed.
 */
import { AUTH_REASONS } from './reasons/auth.js';
import { BODY_REASONS } from './reasons/body.js';
import { CONNECTION_REASONS } from './reasons/connection.js';
import { CONTROL_WORLD_REASONS } from './reasons/control-world.js';
import { DASHBOARD_REASONS } from './reasons/dashboard.js';
import { EDGE_REASONS } from './reasons/edge.js';
import { FAULT_REASONS } from './reasons/faults.js';
import { LIST_REASONS } from './reasons/lists.js';
import { ORDER_REASONS } from './reasons/orders.js';
import { PAYMENT_REASONS } from './reasons/payments.js';
import { REQUEST_HEADER_REASONS } from './reasons/request-headers.js';
import { ROUTING_REASONS } from './reasons/routing.js';
import { SANDBOX_REASONS } from './reasons/sandboxes.js';
import { STATE_IMPORT_REASONS } from './reasons/state-import.js';
import { STOPPING_REASONS } from './reasons/stopping.js';
import { WEBHOOK_REASONS } from './reasons/webhooks.js';
import type { ReasonSpec } from './reason-spec.js';

export { ERROR_STATUS, type ErrorCode, type ReasonSpec, type Surface } from './reason-spec.js';

const SPECS = {
  ...BODY_REASONS,
  ...CONNECTION_REASONS,
  ...EDGE_REASONS,
  ...REQUEST_HEADER_REASONS,
  ...ROUTING_REASONS,
  ...AUTH_REASONS,
  ...ORDER_REASONS,
  ...PAYMENT_REASONS,
  ...CONTROL_WORLD_REASONS,
  ...WEBHOOK_REASONS,
  ...DASHBOARD_REASONS,
  ...FAULT_REASONS,
  ...STOPPING_REASONS,
  ...STATE_IMPORT_REASONS,
  ...LIST_REASONS,
  ...SANDBOX_REASONS,
};

export type Reason = keyof typeof SPECS;

/** The parameters a reason's message takes (`void`: none). */
export type ReasonParams<R extends Reason> =
  (typeof SPECS)[R] extends ReasonSpec<infer P> ? P : never;

/**
 * The catalogue, each reason's spec typed by its own parameters. Being a mapped type over `Reason`,
 * `CATALOGUE[reason]` for a generic `R` is a `ReasonSpec<ReasonParams<R>>`, so `fail` hands it the
 * caller's parameters without a cast.
 */
export type Catalogue = { readonly [R in Reason]: ReasonSpec<ReasonParams<R>> };

export const CATALOGUE: Catalogue = SPECS;

/** Whether `name` is a reason of the catalogue (its own key, not one of `Object.prototype`'s). */
export function isReason(name: string): name is Reason {
  return Object.hasOwn(CATALOGUE, name);
}

/** Every reason, in catalogue order. */
export const REASONS: readonly Reason[] = Object.keys(CATALOGUE).filter(isReason);
