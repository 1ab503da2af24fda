import type { AccountRecord } from '../store/state.js';
import type { RequestContext } from './request-context.js';

declare global {
  // Express types `res.locals` through this interface.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** The request's context (src/http/request-context.ts), and what the routes add to it. */
    interface Locals extends RequestContext {
      /** The account whose API key authenticated the request (on `/v1`). */
      account: AccountRecord;
      /** The validated, coerced query (defaults filled in). */
      query: Record<string, unknown>;
    }
  }
}

export {};
