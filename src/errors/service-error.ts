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
 */
export class ServiceError extends Error {
  override name = 'ServiceError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly param: string | null,
    readonly reason: Reason | null,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The error for `reason`, from the catalogue: its code, status, parameter, message and headers.
 * `as` picks the catalogue's documented alternative code for the reason.
 *
 * @example throw fail('order_not_found', { id });
 */
export function fail<R extends Reason>(
  reason: R,
  ...[params, opts]: ReasonParams<R> extends Record<string, never>
    ? [params?: ReasonParams<R>, opts?: { as?: ErrorCode; headers?: Record<string, string> }]
    : [params: ReasonParams<R>, opts?: { as?: ErrorCode; headers?: Record<string, string> }]
): ServiceError {
  const spec = CATALOGUE[reason] as unknown as {
    code: ErrorCode;
    status?: number;
    param: string | null | ((p: unknown) => string | null);
    message: (p: unknown) => string;
    alternative?: { code: ErrorCode };
    headers?: Record<string, string>;
  };
  const p = params ?? {};
  const code = opts?.as ?? spec.code;
  if (code !== spec.code && code !== spec.alternative?.code) {
    throw new Error(`invariant: ${reason} is not answered with ${code}`);
  }
  return new ServiceError(
    code,
    spec.message(p),
    code === spec.code ? (spec.status ?? ERROR_STATUS[code]) : ERROR_STATUS[code],
    typeof spec.param === 'function' ? spec.param(p) : spec.param,
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
