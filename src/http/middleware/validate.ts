import type { RequestHandler } from 'express';
import { invalidRequest, type ServiceError } from '../../errors/service-error.js';
import type { InputValidator, RequestValidators } from '../request-validators.js';

/** The error for a request that sent no body where one is required. */
export function missingBody(): ServiceError {
  return invalidRequest([
    {
      param: 'body',
      message: 'A JSON request body is required; send one with Content-Type: application/json',
    },
  ]);
}

/** An operation's compiled body check: the failures, none when the body is valid. */
export type BodyValidator = ReturnType<RequestValidators['body']>;

/**
 * Checks a JSON body against the operation's schema: a missing one is refused (`missingBody`), and
 * every failure is listed in `details`. The Express routes (`validateBody`) and the fast path's
 * writes (src/http/fast-writes.ts) alike.
 */
export function checkBody(validate: BodyValidator, body: unknown): void {
  if (body === undefined) throw missingBody();
  const details = validate(body);
  if (details.length > 0) throw invalidRequest(details);
}

/** Validates the JSON body against the operation's schema (`checkBody`) as Express middleware. */
export function validateBody(
  validators: RequestValidators,
  operationId: string,
  opts: { optional?: boolean } = {},
): RequestHandler {
  let validate: BodyValidator | undefined; // compiled on first use: faster start-up
  return (req, _res, next) => {
    validate ??= validators.body(operationId);
    if (req.body === undefined && opts.optional) req.body = {};
    checkBody(validate, req.body);
    next();
  };
}

/**
 * A query checked (and coerced) by `validate`: no parameter may be empty, and every failure is
 * listed in `details`. `query` is a fresh object the validator may change. The Express routes
 * (`validateQuery`) and the fast path's reads (src/http/fast-reads.ts) alike.
 */
export function checkQuery(
  validate: InputValidator,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const empty = Object.entries(query)
    .filter(([, v]) => v === '')
    .map(([k]) => ({ param: k, message: `${k} must not be empty` }));
  if (empty.length > 0) throw invalidRequest(empty);
  const details = validate(query);
  if (details.length > 0) throw invalidRequest(details);
  return query;
}

/** Validates (and coerces) the query against the operation's parameters; the result is `res.locals.query`. */
export function validateQuery(validators: RequestValidators, operationId: string): RequestHandler {
  let validate: InputValidator | undefined;
  return (req, res, next) => {
    validate ??= validators.query(operationId);
    res.locals.query = checkQuery(validate, { ...(req.query as Record<string, unknown>) });
    next();
  };
}
