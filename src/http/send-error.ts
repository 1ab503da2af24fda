import type { ServerResponse } from 'node:http';
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
  x.answered = sendServiceError(x.res, err, x.requestId);
}

/**
 * A ServiceError's answer on `res`, outside any request context too (a request refused while the
 * server stops, src/http/request-drain.ts): its status, its headers and the error body. Returns
 * the text sent.
 */
export function sendServiceError(res: ServerResponse, e: ServiceError, requestId: string): string {
  for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
  return sendJson(res, errorBody(e, requestId), e.status);
}
