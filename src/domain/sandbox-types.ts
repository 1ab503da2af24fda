import type { components } from './sandbox-types.generated.js';

/**
 * The control-plane shapes the lower layers share, named: each is a schema of
 * openapi/sandbox.yaml, generated into sandbox-types.generated.ts (`npm run generate`), so the
 * records the sandbox keeps and answers with follow the contract with no hand copy. The
 * integration report's own shapes are named in src/report/integration-report.ts.
 */

/** Every schema of the control-plane document, the /v1 ones it names included. */
export type SandboxSchemas = components['schemas'];

/** One webhook delivery attempt, as the delivery log keeps and lists it. */
export type DeliveryAttempt = SandboxSchemas['DeliveryAttempt'];

/**
 * The latest signature probe of an endpoint: four requests, one genuine and three forged;
 * `failed` when a forgery was answered 2xx, `passed` when every forgery was refused and the
 * genuine one accepted, else `inconclusive`.
 */
export type ProbeResult = SandboxSchemas['ProbeResult'];
/** One of a probe's four requests, and what came of it. */
export type ProbeCaseResult = ProbeResult['cases'][number];
/** The four requests of a signature probe: `valid`, `wrong_signature`, `altered_body`, `unsigned`. */
export type ProbeCase = ProbeCaseResult['case'];

/** The whole state of a sandbox as `GET /__sandbox/state` exports it and an import accepts it. */
export type SandboxStateSchema = SandboxSchemas['SandboxState'];
/** The path a client chose with `Sandbox-Outcome` for one order. */
export type OrderOutcome = SandboxSchemas['OrderOutcome'];
export type OrderOutcomeChoice = SandboxSchemas['OrderOutcomeChoice'];
/** An account's API keys: `sk_test_…` keys read and write, `rk_test_…` keys only read. */
export type AccountKeys = SandboxSchemas['AccountKeys'];
/** A driver as `GET /__sandbox/drivers` lists it. */
export type SandboxDriver = SandboxSchemas['SandboxDriver'];
/** A registered webhook endpoint. */
export type WebhookEndpoint = SandboxSchemas['WebhookEndpoint'];
/** An assigned driver's trip: the two legs and their virtual times. */
export type TripRecord = SandboxSchemas['Trip'];
