/** The five error codes of the service, with their HTTP statuses. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  param: string | null;
  message: string;
}

/**
 * An error the API answers with. Thrown anywhere below the HTTP layer; the one error middleware
 * turns it into `{ error: { code, message, param, reason, details, request_id } }`.
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | null;
  readonly reason: string | null;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      param?: string | null;
      reason?: string | null;
      details?: ErrorDetail[];
      status?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.status = opts.status ?? ERROR_STATUS[code];
    this.param = opts.param ?? null;
    this.reason = opts.reason ?? null;
    this.details = opts.details ?? [];
    this.headers = opts.headers ?? {};
  }
}

/** The catalogue: every error the sandbox answers, in one place. */
export const errors = {
  invalid(
    message: string,
    param: string | null,
    reason: string | null = null,
    details: ErrorDetail[] = [],
  ) {
    return new ServiceError('invalid_request', message, { param, reason, details });
  },
  validation(details: ErrorDetail[]) {
    const first = details[0];
    const message =
      details.length === 1 || !first
        ? (first?.message ?? 'The request is invalid')
        : `${details.length} problems with the request: ${details.map((d) => d.message).join('; ')}`;
    return new ServiceError('invalid_request', message, { param: first?.param ?? null, details });
  },
  bodyTooLarge(limit: string) {
    return new ServiceError(
      'invalid_request',
      `The request body is larger than ${limit}; send a smaller body`,
      {
        param: 'body',
        reason: 'body_too_large',
        status: 413,
      },
    );
  },
  unauthorized(message: string, reason: string) {
    return new ServiceError('unauthorized', message, {
      param: 'Authorization',
      reason,
      headers: { 'WWW-Authenticate': 'Bearer realm="delivery-sandbox"' },
    });
  },
  readOnlyKey() {
    return new ServiceError(
      'forbidden',
      'This is a read-only key (rk_test_…); use a secret key (sk_test_…) for requests that change data',
      { param: 'Authorization', reason: 'read_only_key' },
    );
  },
  otherAccount(kind: string, id: string) {
    return new ServiceError(
      'forbidden',
      `The ${kind} ${id} belongs to another account; use that account's API key`,
      {
        param: `${kind}_id`,
        reason: 'other_account',
      },
    );
  },
  notFound(message: string, param: string | null, reason: string) {
    return new ServiceError('not_found', message, { param, reason });
  },
  orderNotFound(id: string) {
    return new ServiceError('not_found', `No order with id "${id}"; order ids look like ord_…`, {
      param: 'order_id',
      reason: 'order_not_found',
    });
  },
  paymentRequired(message: string, reason: string, param: string | null = null) {
    return new ServiceError('payment_required', message, { param, reason });
  },
};
