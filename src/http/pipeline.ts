import type { RequestHandler } from 'express';
import type { RequestContext } from './request-context.js';

/** What a step returns when it has answered the request itself (or dropped or held it): no step or route after it runs. */
export const ANSWERED = Symbol('answered');

/** Nothing (go on), `ANSWERED`, or, for a step that must wait (an injected latency), a promise of either. */
export type StepResult = void | typeof ANSWERED | Promise<void | typeof ANSWERED>;

/**
 * One cross-cutting step every request takes before its route: a plain function over the request's
 * context. It fails by throwing a ServiceError (answered by `sendError`, src/http/send-error.ts).
 */
export interface RequestStep {
  readonly name: string;
  readonly run: (x: RequestContext) => StepResult;
  /**
   * Whether `run` only sets fields of the context (no header, id, record or answer): the fast path
   * runs such a step while it checks whether to take the request, so the checks after it see what
   * it chose (the world). A pure step that throws makes the fast path decline.
   */
  readonly pure?: boolean;
  /**
   * Whether the fast path must leave this request to Express: the step would do more for it than the
   * plain path does (answer it, hold it, read a body, wait). Pure, and checked for every step, in
   * order, before any step with an effect runs: a declined request is exactly the request Express
   * always saw.
   */
  readonly declinesFast?: (x: RequestContext) => boolean;
}

/**
 * The steps as Express middleware, in order: the first makes `res.locals` the request's context,
 * then each step runs as one layer.
 */
export function expressSteps(steps: readonly RequestStep[]): RequestHandler[] {
  const enter: RequestHandler = (req, res, next) => {
    const x = res.locals;
    x.req = req;
    x.res = res;
    x.method = req.method;
    x.path = req.path;
    x.routePath = x.path;
    x.url = req.originalUrl;
    x.express = true;
    x.answered = null;
    next();
  };
  return [enter, ...steps.map(asMiddleware)];
}

function asMiddleware(step: RequestStep): RequestHandler {
  const run = step.run;
  return (_req, res, next) => {
    // A throw reaches the error handler through Express.
    const out = run(res.locals);
    if (out === undefined) return next();
    if (out === ANSWERED) return;
    out.then((done) => {
      if (done !== ANSWERED) next();
    }, next);
  };
}

/**
 * Whether the fast path takes the request: no step declines it. Runs the pure steps on the way
 * (a throwing one declines), and nothing else.
 */
export function fastPathTakes(steps: readonly RequestStep[], x: RequestContext): boolean {
  try {
    for (const step of steps) {
      if (step.declinesFast?.(x) === true) return false;
      // A pure step only sets fields: it has nothing to wait for.
      if (step.pure === true) void step.run(x);
    }
  } catch {
    return false;
  }
  return true;
}

/**
 * Runs the steps with an effect from `from` on, on the fast path (the pure ones ran in
 * `fastPathTakes`), then `finish`; a failure goes to `failed`. Synchronous on the plain path: a
 * step that must wait declines it, but is awaited here all the same.
 */
export function runFastSteps(
  steps: readonly RequestStep[],
  x: RequestContext,
  from: number,
  finish: (x: RequestContext) => void,
  failed: (x: RequestContext, err: unknown) => void,
): void {
  for (let i = from; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.pure === true) continue;
    let out: StepResult;
    try {
      out = step.run(x);
    } catch (err) {
      failed(x, err);
      return;
    }
    if (out === undefined) continue;
    if (out === ANSWERED) return;
    out.then(
      (done) => {
        if (done !== ANSWERED) runFastSteps(steps, x, i + 1, finish, failed);
      },
      (err: unknown) => failed(x, err),
    );
    return;
  }
  finish(x);
}
