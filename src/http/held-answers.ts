import { Socket } from 'node:net';
import { setImmediate } from 'node:timers';

/**
 * `setImmediate` as it is when this module loads, neither the global nor read again at each call:
 * fake timers a test installs later (vitest's, Jest's, sinon's, which may replace the `timers`
 * module's too) must not hold the answers of a sandbox in the same process forever.
 */
const atEndOfPass = setImmediate;

/** Node's own `uncork`, made on `socket`. */
function nodeUncork(socket: Socket): void {
  Socket.prototype.uncork.call(socket);
}

/**
 * The most requests whose answers wait at once: with more in one pass (hundreds of clients),
 * those waiting are sent and the pass goes on, so no answer waits for hundreds of others.
 */
export const HELD_AT_MOST = 64;

/**
 * Held passes in a row with one request or none after which requests are no longer held: a client
 * that waits for each answer before its next request (a test suite) has nothing to send together,
 * and holding each pass cost it ~5 µs a request (the check phase's immediate, on Node 20).
 */
export const QUIET_PASSES = 8;

/** While passes are quiet, one request in this many holds its pass, to find a load again. */
export const PROBE_EVERY = 16;

/**
 * Sends the answers written during one pass of the event loop over its ready connections
 * together, at the end of the pass (or once `HELD_AT_MOST` wait), rather than each as it is
 * written.
 *
 * Why (issue 24): sending an answer wakes the client waiting for it. Under load the clients wait
 * on another core, and each answer sent alone cost this process the kernel's wake-up of that core
 * (~10 µs of system time here, twice what Node spends writing it). Sent together, the first wakes
 * the client and the others find it awake: the sandbox's answers cost 25–40 % less CPU, and more
 * of them are answered a second with a lower p99 (BENCHMARKS.md; decision 28). An answer waits
 * for the rest of its pass at most, and answers stop being held while requests come one at a time
 * (`QUIET_PASSES`).
 *
 * How: Node writes an answer through its connection's cork (`res.end` corks, writes and uncorks;
 * a `res.write` uncorks on the next tick). `adopt` gives each connection an `uncork` that, while
 * answers are held, notes the call instead of making it; `hold` (each request) holds them until
 * the pass's check phase (`setImmediate`), where each noted call is made, in order. Nothing else
 * changes: the bytes, their order on each connection, and every event ('finish' comes once they
 * are written, as always). A connection ended meanwhile keeps its answer in its buffer and sends
 * it then; before one is destroyed on purpose (a stop, a fault that drops it), what is held is
 * sent (`sendNow`); an answer written in a later pass (after an await) waits for that pass's end.
 */
export class HeldAnswers {
  /**
   * Whether answers are held now; a connection for each `uncork` noted, in order; the requests of
   * this pass; and those whose answers may wait since the last send.
   */
  private readonly pass = { holding: false, held: [] as Socket[], requests: 0, waiting: 0 };
  /** The other list of noted uncorks, swapped with `held` at each send. */
  private spare: Socket[] = [];
  /** Every adopted connection's `uncork`: one function, which finds the connection as `this`. */
  private readonly uncork: (this: Socket) => void;
  /** Held passes in a row that had one request or none: holding them saved nothing. */
  private lonePasses = 0;
  /** Requests not held since the last probe, while passes are quiet. */
  private unheld = 0;
  private readonly endOfPass = (): void => {
    const pass = this.pass;
    pass.holding = false;
    holdingNow.splice(holdingNow.indexOf(this), 1);
    this.lonePasses = pass.requests > 1 ? 0 : this.lonePasses + 1;
    pass.requests = 0;
    this.sendNow();
  };

  constructor() {
    const pass = this.pass;
    this.uncork = function (this: Socket): void {
      if (pass.holding) pass.held.push(this);
      else nodeUncork(this);
    };
  }

  /** Makes `socket`'s uncorks wait, while answers are held, for the end of the pass. */
  adopt(socket: Socket): void {
    socket.uncork = this.uncork;
  }

  /**
   * Holds the answers written from now to the end of this pass (a request arrived in it), unless
   * the last `QUIET_PASSES` held passes had one request each or none: then only each
   * `PROBE_EVERY`th request holds its pass, to see whether requests come together again.
   */
  hold(): void {
    const pass = this.pass;
    if (pass.waiting >= HELD_AT_MOST) this.sendNow();
    if (pass.holding) {
      pass.requests++;
      pass.waiting++;
      return;
    }
    if (this.lonePasses >= QUIET_PASSES && ++this.unheld < PROBE_EVERY) return;
    this.unheld = 0;
    pass.holding = true;
    pass.requests = 1;
    pass.waiting = 1;
    holdingNow.push(this);
    atEndOfPass(this.endOfPass);
  }

  /**
   * Sends what is held now: every uncork noted so far, in order (one noted while it runs waits for
   * the next send). At the end of a pass, past `HELD_AT_MOST`, and before a connection is destroyed
   * on purpose: `server.close()` destroys the idle connections, and one whose answer was ended but
   * is held counts as idle, so a stop handled in a pass that had answered requests would have sent
   * none of them (`createHttpServer` calls it first); a fault that drops a connection calls
   * `sendHeldAnswers`.
   */
  sendNow(): void {
    const pass = this.pass;
    const held = pass.held;
    pass.held = this.spare;
    this.spare = held;
    pass.waiting = 0;
    for (let i = 0; i < held.length; i++) nodeUncork(held[i]!);
    held.length = 0;
  }
}

/** The servers' `HeldAnswers` holding a pass now (one per server; a test process may run several). */
const holdingNow: HeldAnswers[] = [];

/**
 * Sends every answer held now, by every server of this process: before a connection is destroyed
 * on purpose, which would lose what it holds (an earlier pipelined answer of the same pass).
 */
export function sendHeldAnswers(): void {
  for (const held of holdingNow) held.sendNow();
}
