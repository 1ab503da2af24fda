import { IncomingMessage, ServerResponse } from 'node:http';

/** The classes the HTTP server makes its requests and responses with. */
export interface MessageClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/** An Express app's two prototypes (`app.request`, `app.response`), which it may replace. */
interface ExpressPrototypes {
  request: object;
  response: object;
}

/**
 * Request and response classes whose instances are born with the app's prototypes. Express sets
 * `app.request` / `app.response` as the prototype of every request (`Object.setPrototypeOf`); on
 * an object that already has it, that is a no-op, while changing a live object's prototype made
 * V8 keep megabytes of every request's objects past a young-generation collection: each one
 * paused the server 7–13 ms under load (2–4 ms with these; measured with `--trace-gc-nvp`).
 *
 * The classes are plain subclasses of Node's (constructed as fast as Node's own: constructing
 * through `Reflect.construct` with a foreign `new.target` cut the fast path's throughput to a
 * quarter). Their prototypes take the place of the app's: each inherits what the app's did
 * (Express's methods, then Node's) and holds the app's own properties (`app`), and becomes
 * `app.request` / `app.response`.
 */
export function messageClasses(app: ExpressPrototypes): MessageClasses {
  class Request extends IncomingMessage {}
  class Response extends ServerResponse {}
  adopt(Request.prototype, app.request);
  adopt(Response.prototype, app.response);
  app.request = Request.prototype;
  app.response = Response.prototype;
  return { IncomingMessage: Request, ServerResponse: Response as typeof ServerResponse };
}

/** Makes `proto` stand in for `old`: the same parent, the same own properties. */
function adopt(proto: object, old: object): void {
  Object.setPrototypeOf(proto, Object.getPrototypeOf(old) as object | null);
  for (const key of Reflect.ownKeys(old))
    Object.defineProperty(proto, key, Object.getOwnPropertyDescriptor(old, key)!);
}
