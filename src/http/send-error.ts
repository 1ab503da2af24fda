import type { Logger } from 'pino';
import { errorBody, internalErrorBody } from '../errors/error-body.js';
import { ServiceError } from '../errors/service-error.js';
import type { RequestContext } from './request-context.js';
import { sendJson } from './send-json.js';

/**
 * The one place a failure becomes its JSON answer, on the Express chain (through
 * `middleware/error-handler.ts`, which first maps what Express and body-parser throw) and on the
 * fast path alike: a ServiceError its status, headers and body (`errors/error-body.ts`, which the
 * raw socket answers of `edge/raw-answer.ts` build on too); anything else is logged and answers 500.
 * Records the body sent for the request journal.
 */
export function sendError(x: RequestContext, err: unknown, logger: Logger): void {
  if (!(err instanceof ServiceError)) {
    logger.error({ err, method: x.method, url: x.url }, 'unexpected error');
    x.answered = sendJson(x.res, internalErrorBody(x.requestId), 500);
    return;
  }
  for (const [name, value] of Object.entries(err.headers)) x.res.setHeader(name, value);
  x.answered = sendJson(x.res, errorBody(err, x.requestId), err.status);
}
