import type { ServerResponse } from 'node:http';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { errorBody, internalErrorBody, type ErrorBody } from '../errors/error-body.js';
import { ServiceError } from '../errors/service-error.js';
import type { RequestContext } from './request-context.js';
import { hasBody } from './middleware/json-body.js';
import { answerJson, sendJson } from './send-json.js';

/**
 * The one place a failure becomes its JSON answer, on the Express chain (through
 * `middleware/error-handler.ts`, which first maps what Express and body-parser throw) and on the
 * fast path alike: a ServiceError its status, headers and body (`errors/error-body.ts`, which the
 * raw socket answers of `edge/raw-answer.ts` build on too); anything else is logged and answers 500.
 */
export function sendError(x: RequestContext, err: unknown, logger: Logger): void {
  // Refused before its body was read: close rather than let Node drain a body of any size.
  if (!x.req.complete && hasBody(x.req.headers)) x.res.setHeader('Connection', 'close');
  if (!(err instanceof ServiceError)) {
    logger.error({ err, method: x.method, url: x.url }, 'unexpected error');
    send(x, internalErrorBody(x.requestId), 500);
    return;
  }
  for (const [name, value] of Object.entries(err.headers)) x.res.setHeader(name, value);
  send(x, errorBody(err, x.requestId), err.status);
}

function send(x: RequestContext, body: ErrorBody, status: number): void {
  // A write's refusal is its answer to its `Idempotency-Key` too (a declined card, say).
  if (status < 500) x.recordIdempotent?.(status, body);
  // The journal's and the report's view of it, without parsing back the text sent.
  const { code, message, param, reason, details } = body.error;
  x.answeredError = { code, message, param, reason, details };
  if (x.express) {
    // Through Express's res.json, as the routes answer (the same bytes as sendJson).
    (x.res as Response).status(status).json(body);
    return;
  }
  // The fast path's answers record their body for the journal themselves.
  x.answered = answerJson(x, body, status);
}

/**
 * A ServiceError's answer on `res`, outside any request context (a request refused while the
 * server stops, src/http/request-drain.ts): its status, its headers and the error body.
 */
export function sendServiceError(res: ServerResponse, e: ServiceError, requestId: string): void {
  for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value);
  sendJson(res, errorBody(e, requestId), e.status);
}
