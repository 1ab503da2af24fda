import {
  CATALOGUE,
  ERROR_STATUS,
  type ErrorCode,
  type Reason,
  type ReasonParams,
} from './catalogue.js';

export interface ErrorDetail {
  param: string | null;
  message: string;
}

/**
 * An error the API answers with. Thrown anywhere below the HTTP layer (by `fail` or
 * `invalidRequest`); `errorBody` turns it into `{ error: { code, message, param, reason, details,
 * request_id } }`.
 *
 * It is an answer, not a fault, so it carries no stack trace: an answer needs none (a 500 is
 * logged with its stack, and is never a ServiceError), and capturing it was ~15 µs of every error
 * answer (a 404, a 401, a 429 under a flood: issue 24), more than the rest of such an answer's own
 * work. One the programmatic API throws gets its caller's (src/sandbox/caller-stack.ts).
 *
 * For the same reason it is made without `Error`'s constructor, which V8 runs natively even with
 * no frames to capture: a 404 answered 1.06–1.11× as fast (paired runs, issue 24, BENCHMARKS.md).
 * Its prototype is `Error.prototype`'s child all the same, and the class `Error`'s, so it is an
 * `Error` to `instanceof`, `String(e)` (`ServiceError: message`), Node's `util.inspect`, test
 * runners' `toThrow`, `assert.throws(fn, ServiceError)` and loggers; until a stack is captured for
 * it, its `stack` is that one line. What asks for V8's own error object tells it apart:
 * `util.types.isNativeError`, `Error.isError` where there is one, `Object.prototype.toString`,
 * `structuredClone` (a plain object), another realm's `instanceof`, and Node's check of an
 * unhandled rejection's reason (one with no own `stack` is wrapped in `ERR_UNHANDLED_REJECTION`).
 */
export class ServiceError implements Error {
  name = 'ServiceError';
  message: string;
  /** One line until a stack is captured for it (the prototype's accessor, below). */
  declare stack?: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly param: string | null,
    readonly reason: Reason | null,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    this.message = message;
  }

  /** `ServiceError: message`, as `Error.prototype.toString` gives. */
  toString(): string {
    return `${this.name}: ${this.message}`;
  }
}
// An `Error` to everything but V8's own checks (above): its instances and the class itself.
Object.setPrototypeOf(ServiceError.prototype, Error.prototype);
Object.setPrototypeOf(ServiceError, Error);
Object.defineProperty(ServiceError.prototype, 'stack', {
  configurable: true,
  get(this: ServiceError): string {
    return this.toString();
  },
  // The programmatic API sets its caller's frames (src/sandbox/caller-stack.ts).
  set(this: ServiceError, stack: string) {
    Object.defineProperty(this, 'stack', { value: stack, writable: true, configurable: true });
  },
});

/**
 * `value`, or its error thrown: the throwing form of a lookup that returns its error (`lookupKey`,
 * `lookupKeyEntry`, `lookupOrder`, `lookupLocationFix`), which the hot paths call to answer an
 * error without a throw. In Node a caught throw still has V8 build its message, walking the stack:
 * a 404 read cost 58.5 µs of CPU with the throw and 41.9 µs without (issue 24, BENCHMARKS.md).
 */
export function orThrow<T>(value: T | ServiceError): T {
  if (value instanceof ServiceError) throw value;
  return value;
}

/** How `fail` may vary a reason's answer: its documented alternative code, extra headers. */
export interface FailOptions {
  as?: ErrorCode;
  headers?: Record<string, string>;
}

/**
 * What `fail` takes after the reason: its parameters (left out when it takes none), then options.
 * A mapped type indexed by `R`, not a tuple of `ReasonParams<R>`: TypeScript counts a generic rest
 * parameter's arity only once `R` is known, so `fail('missing_api_key')` needs no `undefined`.
 */
type FailArgs = { [R in Reason]: [params: ReasonParams<R>, opts?: FailOptions] };

/**
 * The error for `reason`, from the catalogue: its code, status, parameter, message and headers.
 * `as` picks the catalogue's documented alternative code for the reason.
 *
 * @example throw fail('order_not_found', { id });
 */
export function fail<R extends Reason>(reason: R, ...[params, opts]: FailArgs[R]): ServiceError {
  const spec = CATALOGUE[reason];
  const code = opts?.as ?? spec.code;
  if (code !== spec.code && code !== spec.alternative?.code) {
    throw new Error(`invariant: ${reason} is not answered with ${code}`);
  }
  return new ServiceError(
    code,
    spec.message(params),
    code === spec.code ? (spec.status ?? ERROR_STATUS[code]) : ERROR_STATUS[code],
    typeof spec.param === 'function' ? spec.param(params) : spec.param,
    reason,
    [],
    { ...spec.headers, ...opts?.headers },
  );
}

/** The most failures an error lists: a body of 100 000 unknown keys must not answer 20 MB. */
export const MAX_DETAILS = 20;

/**
 * A request that breaks the contract (a schema failure): `400 invalid_request` with no reason,
 * `param` the first failure and `details` the first `MAX_DETAILS`; the message says how many more.
 */
export function invalidRequest(details: ErrorDetail[]): ServiceError {
  const first = details[0];
  const shown = details.slice(0, MAX_DETAILS);
  const more = details.length - shown.length;
  const message =
    details.length === 1 || !first
      ? (first?.message ?? 'The request is invalid')
      : `${details.length} problems with the request: ${shown.map((d) => d.message).join('; ')}` +
        (more > 0 ? `; and ${more} more (details lists the first ${MAX_DETAILS})` : '');
  return new ServiceError('invalid_request', message, 400, first?.param ?? null, null, shown);
}
