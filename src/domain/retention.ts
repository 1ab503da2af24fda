/**
 * How much history a world keeps (scenario `retention`, overridden by the `--retain-*` flags and
 * `DELIVERY_SANDBOX_RETAIN_*` variables): the oldest records beyond each limit are dropped, so
 * memory and the `--data` file plateau under sustained load. Defaults are in scenarios/schema.json.
 */
export interface Retention {
  /** Delivered and cancelled orders kept (with their payments). */
  finished_orders: number;
  /** Events kept. */
  events: number;
  /** Finished (succeeded or failed) delivery records kept; pending and retrying ones always are. */
  deliveries: number;
  /** Attempts kept in the delivery log. */
  attempts: number;
  /** With `--data`: journal bytes past which it is compacted into a new snapshot. */
  journal_bytes: number;
  /** Virtual milliseconds an `Idempotency-Key` is remembered. */
  idempotency_ttl_ms: number;
  /**
   * Idempotency keys remembered at most: past it the oldest are forgotten before their TTL, so a
   * sustained load of unique keys (a 60× clock stretches no TTL) cannot grow memory without end.
   */
  idempotency_keys: number;
}
