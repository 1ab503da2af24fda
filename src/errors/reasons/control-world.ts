import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * The control plane driving the world: advancing an order, its drivers, a reset to a scenario.
 */
export const CONTROL_WORLD_REASONS = {
  invalid_transition: reason<{ id: string; from: string; to: string; path: string }>({
    code: 'invalid_request',
    param: 'to',
    surface: 'control',
    when: 'advancing an order backwards, or to `cancelled`',
    message: (p) =>
      p.to === 'cancelled'
        ? 'Use POST /__sandbox/orders/{id}/cancel (or DELETE /v1/orders/{id}) to cancel an order'
        : `The order ${p.id} is ${p.from} and cannot go to ${p.to}; orders only move forward (${p.path})`,
  }),
  no_driver_available: reason({
    code: 'invalid_request',
    param: 'order_id',
    surface: 'control',
    when: 'advancing an order to `driver_assigned` with every driver busy, offline, or one who dropped that order',
    message: () =>
      'No driver is available to assign: every driver is offline, on an order, or dropped this one; finish or cancel an order, or add drivers to the scenario',
  }),
  driver_not_found: reason<{ id: string }>({
    code: 'not_found',
    param: 'driver_id',
    surface: 'control',
    when: 'no such driver (a scenario step naming an unknown driver)',
    message: (p) => `No driver with id "${cut(p.id, 100)}"; list them with GET /__sandbox/drivers`,
  }),
  trace_not_recording: reason<{ sandbox: string }>({
    code: 'not_found',
    param: 'trace',
    surface: 'control',
    when: '`GET /__sandbox/trace` on a sandbox that records no trace',
    message: (p) =>
      p.sandbox === 'default'
        ? 'This sandbox records no trace; start it with --trace FILE (or DELIVERY_SANDBOX_TRACE, or startSandbox({ trace }))'
        : `The sandbox ${p.sandbox} records no trace; create it with PUT /__sandbox/sandboxes/${p.sandbox} and { "trace": true }`,
  }),
  invalid_scenario: reason<{ detail: string }>({
    code: 'invalid_request',
    param: 'scenario',
    surface: 'control',
    when: 'a reset to a scenario that does not exist or does not validate',
    message: (p) => p.detail,
  }),
} satisfies Record<string, AnyReasonSpec>;
