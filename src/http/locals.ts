import type { OrderOutcome } from '../domain/order-outcome.js';
import type { JournalFault } from '../journal/request-journal.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';

declare global {
  // Express types `res.locals` through this interface.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The world this request works on: the host's current one when it arrived. */
      world: World;
      /** `req_…`, also in the `X-Request-Id` header and error bodies. */
      requestId: string;
      /** The account whose API key authenticated the request (on `/v1`). */
      account: AccountRecord;
      /** Set by the idempotency middleware: remembers the response to the request's key. */
      recordIdempotent?: (status: number, body: unknown) => void;
      /** The order's `Sandbox-Outcome` (on `POST /v1/orders`), when the client chose one. */
      outcome?: OrderOutcome;
      /** The validated, coerced query (defaults filled in). */
      query: Record<string, unknown>;
      /** Whether the key that authenticated the request is read-only (on `/v1`, once known). */
      keyReadOnly?: boolean;
      /** The JSON request body's bytes as received (decompressed), for the request journal. */
      rawBody?: Buffer;
      /** The API fault injected into this request, for the request journal. */
      fault?: JournalFault;
    }
  }
}

export {};
