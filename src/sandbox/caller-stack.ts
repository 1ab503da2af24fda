import { ServiceError } from '../errors/service-error.js';

/**
 * `api` (the programmatic API's `Sandbox`, a named sandbox's handle) with each method and getter,
 * and those of its plain objects (`clock`, `sandboxes`), giving a ServiceError it throws or
 * rejects with the caller's stack. A ServiceError carries none of its own (src/errors/
 * service-error.ts: an error answered over HTTP needs none, and capturing one was most of such an
 * answer), but a test that awaits `sandbox.cancelOrder('ord_typo')` must be told where it called
 * from. Changes `api` in place and returns it.
 */
export function withCallerStacks<T extends object>(api: T): T {
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(api))) {
    const { get } = d as { get?: Method }; // wrapped, it is called with `api` as `this` again
    if (typeof d.value === 'function') d.value = located(d.value as Method);
    else if (get) d.get = located(get);
    else if (isPlainObject(d.value)) withCallerStacks(d.value);
    else continue;
    Object.defineProperty(api, key, d);
  }
  return api;
}

type Method = (...args: unknown[]) => unknown;

function isPlainObject(value: unknown): value is object {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

function located<F extends Method>(fn: F): F {
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    let out: unknown;
    try {
      out = fn.apply(this, args);
    } catch (err) {
      if (err instanceof ServiceError) Error.captureStackTrace(err, wrapped);
      throw err;
    }
    if (!(out instanceof Promise)) return out;
    // The caller's frames are gone once the promise settles: taken now (an API call, not a request).
    const site: { stack?: string } = {};
    Error.captureStackTrace(site, wrapped);
    return out.catch((err: unknown) => {
      if (err instanceof ServiceError) {
        const frames = site.stack ?? '';
        const at = frames.indexOf('\n');
        err.stack = `${String(err)}${at < 0 ? '' : frames.slice(at)}`;
      }
      throw err;
    });
  };
  return wrapped as F;
}
