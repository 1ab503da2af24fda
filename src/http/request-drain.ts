import type { RequestListener, ServerResponse } from 'node:http';
import { realTimer } from '../clock/real-time.js';
import { fail } from '../errors/service-error.js';
import { sendServiceError } from './send-error.js';
import { whenClosed } from './when-closed.js';

/**
 * The requests in flight, for a graceful stop: `wrap` counts them; once `stop` is called, a new
 * request is answered `503 shutting_down` (with `Retry-After`, on a connection then closed) and
 * `stop` resolves when those in flight have been answered, or after `boundMs`.
 */
export class RequestDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private stopping = false;
  private idle: (() => void) | undefined;

  constructor(private readonly nextRequestId: () => string) {}

  /** `listener`, with its requests counted, and refused once the sandbox stops. */
  wrap(listener: RequestListener): RequestListener {
    return (req, res) => {
      if (this.stopping) {
        this.refuse(res);
        return;
      }
      this.inFlight.add(res);
      whenClosed(res, () => {
        this.inFlight.delete(res);
        if (this.inFlight.size === 0) this.idle?.();
      });
      listener(req, res);
    };
  }

  /**
   * Refuses new requests from now on, has those in flight close their connection once answered,
   * and resolves when all are answered, or after `boundMs` of real time.
   */
  stop(boundMs: number): Promise<void> {
    this.stopping = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const cancel = realTimer(boundMs, resolve);
      this.idle = () => {
        cancel();
        resolve();
      };
    });
  }

  private refuse(res: ServerResponse): void {
    const requestId = this.nextRequestId();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('Connection', 'close');
    sendServiceError(res, fail('shutting_down'), requestId);
  }
}
