import type { RequestHandler } from 'express';
import { parse as parseQuery } from 'node:querystring';
import { invalidRequest, type ServiceError } from '../../errors/service-error.js';
import { queryText } from '../../journal/journal-entry.js';
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

/** A request's query, checked and coerced (`checkQuery`), shared by every request that sent its text. */
export type CheckedQuery = Readonly<Record<string, unknown>>;

/**
 * An operation's query check from its text (what follows the `?`, before any `#`): parsed as
 * Express parses it (`node:querystring`), then `checkQuery`. It keeps the last text it accepted
 * and its result, so a client that sends the same query again (a driver map polling one place, a
 * dashboard's filter) has it parsed, coerced and validated once (issue 24: ~4-9 µs of a driver
 * search, whose answer is already kept while no driver changes). The result is a pure function of
 * the text, so no state change can outlive it; it is frozen, being shared. A refused query is
 * checked again each time it comes.
 */
export function queryCheck(
  validators: RequestValidators,
  operationId: string,
): (text: string) => CheckedQuery {
  let validate: InputValidator | undefined; // compiled on first use: faster start-up
  let lastText: string | undefined;
  let last: CheckedQuery = {};
  return (text) => {
    if (text === lastText) return last;
    validate ??= validators.query(operationId);
    const checked = Object.freeze(checkQuery(validate, { ...parseQuery(text) }));
    lastText = text;
    last = checked;
    return checked;
  };
}

/** Validates (and coerces) the query against the operation's parameters (`queryCheck`); the result is `res.locals.query`. */
export function validateQuery(validators: RequestValidators, operationId: string): RequestHandler {
  const check = queryCheck(validators, operationId);
  return (req, res, next) => {
    res.locals.query = check(queryText(req.url));
    next();
  };
}
