import type { SandboxSchemas } from '../domain/sandbox-types.js';

/**
 * The integration report's shapes (`GET /__sandbox/report`, `sandbox.report()`, the CLI's
 * `report`), named after the schemas of openapi/sandbox.yaml (generated, `npm run generate`), so
 * the code that builds, serves and prints the report shares the contract's one definition. The
 * probe result a scorecard carries is named in src/domain/sandbox-types.ts: the webhooks take
 * probes, below the report.
 */

export type IntegrationReport = SandboxSchemas['IntegrationReport'];

/**
 * One situation of the coverage catalogue: `covered` (seen, with the ids that prove it),
 * `not_covered` (the data is there and the situation is not in it) or `no_data` (no data of its
 * source yet: request situations before any `/v1` request since the report started).
 */
export type CoverageEntry = SandboxSchemas['CoverageEntry'];
/** Where a coverage situation is proven: by the client's `/v1` requests, or by webhook deliveries. */
export type CoverageSource = CoverageEntry['source'];

/** How one webhook endpoint answered, since the report started. */
export type ReceiverScorecard = SandboxSchemas['ReceiverScorecard'];

/**
 * A contract violation by the client (from the request journal), grouped by operation, parameter
 * and rule, with its first request redacted (no API key ever, personal values masked, long
 * values cut).
 */
export type Violation = SandboxSchemas['Violation'];
/** The contract rules a client request can break, as the report names them. */
export type ViolationRule = Violation['rule'];

/**
 * A client habit worth a warning (not a contract violation): `location_polled_too_often`,
 * `retry_after_ignored`, `no_idempotency_key`.
 */
export type Habit = IntegrationReport['habits'][number];
