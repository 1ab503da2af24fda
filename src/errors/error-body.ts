import type { ServiceError } from './service-error.js';

/** The JSON error body every failure answers with (`ErrorResponse` in openapi/v1.yaml). */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    param: string | null;
    reason: string | null;
    details: { param: string | null; message: string }[];
    request_id: string;
  };
}

/** The one place an error becomes the body the client reads. */
export function errorBody(e: ServiceError, requestId: string): ErrorBody {
  return {
    error: {
      code: e.code,
      message: e.message,
      param: e.param,
      reason: e.reason,
      details: e.details,
      request_id: requestId,
    },
  };
}

/** The body of a failure that is a bug in the sandbox (a 500). */
export function internalErrorBody(requestId: string): ErrorBody {
  return {
    error: {
      code: 'internal_error',
      message:
        'The sandbox failed unexpectedly; this is a bug in delivery-sandbox, please report it with the request id',
      param: null,
      reason: null,
      details: [],
      request_id: requestId,
    },
  };
}
