import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JournalError } from '../journal/journal-entry.js';
import type { JournalFault } from '../journal/request-journal.js';
import type { AccountRecord } from '../store/state.js';
import type { World } from '../world/world.js';
import type { AppHost } from './app-host.js';
import type { MatchedOperation } from './operation-matcher.js';

/**
 * What the request steps (src/http/pipeline.ts) read and write of one request. On the Express chain
 * it is `res.locals` itself (the routes read the same fields there); on the fast path, a
 * `FastContext`. A field a step sets is there for every step and route after it.
 */
export interface RequestContext {
  /** The Node request (on the Express chain, Express's request object). */
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** The path without the query, as the client sent it. */
  path: string;
  /** The path with the query, as the client sent it. */
  url: string;
  /**
   * The path the routes answer: `path`, but for `/__sandbox/sandboxes/{name}/<route>`, whose inner
   * `/__sandbox/<route>` it is once the `world` step has chosen that sandbox. The checks that ask
   * which route a request is for (cross-site writes, `OPTIONS`, the body limit) read this one.
   */
  routePath: string;
  /** Whether Express answers: its routes send through `res.end` in many ways, so the journal catches the body there. */
  express: boolean;
  /**
   * The sandbox this request works on (the default one or a named one), chosen once by the
   * `world` step: every later step and route reads its journal, report and resets here.
   */
  host: AppHost;
  /** The world this request works on: `host.current`, read once by the `world` step. */
  world: World;
  /** A deleted or expired sandbox's name, when the request's key was one of its (answered 401). */
  goneSandbox?: string | undefined;
  /** `req_…`, also in the `X-Request-Id` header and error bodies (the `begin` step). */
  requestId: string;
  /** The account whose API key authenticated the request (on `/v1`, once known). */
  account?: AccountRecord;
  /** Whether the key that authenticated the request is read-only (on `/v1`, once known). */
  keyReadOnly?: boolean;
  /** The request body's bytes as received (decompressed), for the request journal. */
  rawBody?: Buffer;
  /** The API fault injected into this request, for the request journal. */
  fault?: JournalFault;
  /**
   * The request's documented operation, when the route that took it knows which it is (the fast
   * path's routes): the journal then asks no `OperationMatcher` to match its path.
   */
  operation?: MatchedOperation | undefined;
  /** The response body sent, for the journal; `null` until one is. */
  answered: string | null;
  /** The error `sendError` answered with (the journal's `response_error`), when it did. */
  answeredError?: JournalError | undefined;
  /**
   * The response headers the journal keeps of an answer Node holds none of (`answerJsonText`
   * wrote it in one `writeHead`); otherwise the journal reads them from the response.
   */
  answerHeaders?: Readonly<Record<string, string>> | undefined;
  /**
   * Remembers the answer to the request's `Idempotency-Key` (set by `claimIdempotentAnswer`,
   * src/http/middleware/idempotency.ts, for a write's first request): called once, with the answer
   * or an error answer under 500.
   */
  recordIdempotent?: ((status: number, body: unknown) => void) | undefined;
  /**
   * The OpenAPI path template of the route that answers, when known before any route runs (the
   * fast path's reads); on the Express chain, Express's matched route says it.
   */
  readonly template?: string | undefined;
}

/**
 * The fast path's context: a class, so every request's context has the one shape (and no field is
 * added after it is made). `world` and `requestId` are set by the steps, as on the Express chain.
 */
export class FastContext implements RequestContext {
  readonly express = false;
  host!: AppHost;
  world!: World;
  goneSandbox: string | undefined = undefined;
  requestId = '';
  account: AccountRecord | undefined = undefined;
  keyReadOnly: boolean | undefined = undefined;
  rawBody: Buffer | undefined = undefined;
  fault: JournalFault | undefined = undefined;
  operation: MatchedOperation | undefined = undefined;
  answered: string | null = null;
  answeredError: JournalError | undefined = undefined;
  answerHeaders: Readonly<Record<string, string>> | undefined = undefined;
  recordIdempotent: ((status: number, body: unknown) => void) | undefined = undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly method: string,
    readonly path: string,
    readonly url: string,
    /** The route's OpenAPI path template (`/v1/orders/{order_id}`). */
    readonly template: string,
    /** The route's path parameter (an order id), or `''`. */
    readonly param: string,
    /** The query string, without its `?` (`''` when none). */
    readonly query: string,
    /** A write's plain JSON body's declared length (src/http/middleware/json-body.ts); 0 for a read. */
    readonly bodyLength = 0,
  ) {}

  /** The fast path takes only `/v1` requests: never a sandbox's control path. */
  get routePath(): string {
    return this.path;
  }
}
