import type { WebSocket } from 'ws';

/** The limits every stream socket is held to (defaults in src/sandbox/config.ts). */
export interface StreamLimits {
  /** Open stream sockets at most, both paths together; the next upgrade gets a JSON 503. */
  maxClients: number;
  /** Bytes a socket may have queued unsent; past it the client is too slow and is closed with 1013. */
  maxBufferedBytes: number;
  /** Real milliseconds between pings; a peer that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** Real milliseconds between two `location` or `drivers` messages at least (the throttle). */
  intervalMs: number;
}

/** WebSocket close codes the streams use (RFC 6455 §7.4.1). */
export const CLOSE = { normal: 1000, goingAway: 1001, tryAgainLater: 1013 } as const;

/**
 * One open stream socket, with the two guards every socket needs: a send never queues past
 * `maxBufferedBytes`, counting the frame being sent (a client that stops reading is closed with
 * 1013 instead of growing the server's memory without bound), and the heartbeat drops a peer that stopped answering pings.
 */
export class StreamSocket {
  private alive = true;
  private closing = false;

  constructor(
    readonly ws: WebSocket,
    private readonly limits: StreamLimits,
  ) {
    ws.on('pong', () => (this.alive = true));
  }

  /** Whether the socket still takes messages. */
  get open(): boolean {
    return !this.closing && this.ws.readyState === this.ws.OPEN;
  }

  /**
   * Sends one JSON text frame (already serialised: one serialisation serves every client), unless
   * what is queued plus this frame would pass `maxBufferedBytes`: then the client is too slow and is
   * closed with 1013. Resolves once the frame is handed to the operating system (or dropped), so a
   * sender of many frames (the drivers snapshot's pages) can wait for the client to take each one.
   */
  send(text: string): Promise<void> {
    if (!this.open) return Promise.resolve();
    if (this.ws.bufferedAmount + Buffer.byteLength(text) > this.limits.maxBufferedBytes) {
      this.close(
        CLOSE.tryAgainLater,
        `client too slow: over ${this.limits.maxBufferedBytes} bytes unread; read messages as they come, then reconnect`,
      );
      return Promise.resolve();
    }
    return new Promise((resolve) => this.ws.send(text, () => resolve()));
  }

  /** Closes with `code` and `reason` (cut to the 123 bytes a close frame carries). */
  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.ws.close(code, Buffer.from(reason).subarray(0, 123).toString());
  }

  /** One heartbeat: drops the peer if the previous ping went unanswered, else pings again. */
  beat(): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }
}
