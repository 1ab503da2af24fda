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
  private readonly inFlight = new InFlight();
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
    this.inFlight.forEach((res) => {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    });
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

const SLOT = Symbol('in-flight slot');

type Slotted = ServerResponse & { [SLOT]?: number };

/**
 * The responses in flight: each in a slot of one array, the slots freed reused, rather than in a
 * `Set` that every request adds to and deletes from.
 *
 * Why (issue 24): such a `Set` moves to a new hash table every few hundred requests, and V8 leaves
 * the old table linked to the new one (for iterators that were on it), with the entries it had.
 * Once one of those tables has been promoted to the old generation, each young-generation
 * collection keeps the chain after it, and every response that was in flight at a rehash, with its
 * request, context and headers, until a full collection. With answers sent at the end of the
 * event loop's pass (src/http/held-answers.ts), 20-50 are in flight at a time: a read promoted
 * 2.2 KB where it allocates 9 KB, and the collections cost 9 µs of each (`--trace-gc-nvp`).
 */
class InFlight {
  private readonly slots: (ServerResponse | undefined)[] = [];
  private readonly free: number[] = [];
  size = 0;

  add(res: ServerResponse): void {
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = res;
    (res as Slotted)[SLOT] = slot;
    this.size += 1;
  }

  delete(res: ServerResponse): void {
    const slot = (res as Slotted)[SLOT];
    if (slot === undefined || this.slots[slot] !== res) return;
    this.slots[slot] = undefined;
    this.free.push(slot);
    this.size -= 1;
  }

  forEach(fn: (res: ServerResponse) => void): void {
    for (const res of this.slots) if (res !== undefined) fn(res);
  }
}
