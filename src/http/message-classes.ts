import { IncomingMessage, ServerResponse } from 'node:http';

/** The classes the HTTP server makes its requests and responses with. */
export interface MessageClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/**
 * Request and response classes whose instances are born with Express's prototypes (`app.request`,
 * `app.response`). Express sets those prototypes on every request (`Object.setPrototypeOf`); on an
 * object that already has them that is a no-op, while changing a live object's prototype made V8
 * keep megabytes of every request's objects past a young-generation collection: each collection
 * paused the server 7–13 ms under load (2–3 ms with these; measured with `--trace-gc-nvp`), which
 * was most of the p99 of every control route. The server passes them to `http.createServer`.
 */
export function messageClasses(app: { request: object; response: object }): MessageClasses {
  function Request(this: unknown, ...args: unknown[]): IncomingMessage {
    return Reflect.construct(IncomingMessage, args, Request) as IncomingMessage;
  }
  Request.prototype = app.request;
  function Response(this: unknown, ...args: unknown[]): ServerResponse {
    return Reflect.construct(ServerResponse, args, Response) as ServerResponse;
  }
  Response.prototype = app.response;
  return {
    IncomingMessage: Request as unknown as typeof IncomingMessage,
    ServerResponse: Response as unknown as typeof ServerResponse,
  };
}
