import type { SendResult, Transport } from '../../src/webhooks/send.js';

/** What the fake answers one call with: an HTTP status, or a transport error (no answer). */
export type Answer = { status: number; body?: string } | { error: string };

/** One call the dispatcher made, as the receiver would have seen it. */
export interface Call {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The virtual time of the call (epoch ms). */
  at: number;
  event: string;
  attempt: number;
  orderId: string;
}

/** A call's answer held back until the test gives it. */
export interface Gate {
  /** Whether the call it holds has been made. */
  readonly called: boolean;
  /** Answers the held call (200 by default). */
  open(answer?: Answer): void;
}

type Scripted = Answer | { gate: Promise<Answer>; mark: () => void };

/**
 * A webhook transport with no sockets: it records each call and answers from a per-URL script
 * (answers and gates, used in turn; 200 once a URL's script is used up). It also tracks how many
 * calls to each URL are unanswered at once.
 */
export class FakeTransport {
  readonly calls: Call[] = [];
  private readonly scripts = new Map<string, Scripted[]>();
  private readonly open = new Map<string, number>();
  private readonly peak = new Map<string, number>();

  /** `now` reads the virtual clock, for the calls' times. */
  constructor(private readonly now: () => number) {}

  /** Queues answers for the next calls to `url`. */
  answer(url: string, ...answers: Answer[]): this {
    this.script(url).push(...answers);
    return this;
  }

  /** Queues a gate: the next call to `url` waits for `open()`. */
  hold(url: string): Gate {
    let resolve!: (answer: Answer) => void;
    const gate = new Promise<Answer>((r) => (resolve = r));
    let called = false;
    this.script(url).push({ gate, mark: () => (called = true) });
    return {
      get called() {
        return called;
      },
      open: (answer = { status: 200 }) => resolve(answer),
    };
  }

  /** The calls to `url` (all calls without one). */
  to(url?: string): Call[] {
    return url === undefined ? this.calls : this.calls.filter((c) => c.url === url);
  }

  /** The most calls to `url` that were unanswered at the same time. */
  maxConcurrent(url: string): number {
    return this.peak.get(url) ?? 0;
  }

  /** How many calls to `url` are unanswered now. */
  pending(url: string): number {
    return this.open.get(url) ?? 0;
  }

  readonly transport: Transport = async (url, headers, body) => {
    const event = JSON.parse(body) as { event: string; data: { order: { order_id: string } } };
    this.calls.push({
      url,
      headers,
      body,
      at: this.now(),
      event: event.event,
      attempt: Number(headers['X-Service-Delivery-Attempt']),
      orderId: event.data.order.order_id,
    });
    const inFlight = this.pending(url) + 1;
    this.open.set(url, inFlight);
    this.peak.set(url, Math.max(inFlight, this.maxConcurrent(url)));
    const next = this.scripts.get(url)?.shift() ?? { status: 200 };
    let answer: Answer;
    if ('gate' in next) {
      next.mark();
      answer = await next.gate;
    } else {
      answer = next;
    }
    this.open.set(url, this.pending(url) - 1);
    return toResult(answer);
  };

  private script(url: string): Scripted[] {
    let script = this.scripts.get(url);
    if (!script) this.scripts.set(url, (script = []));
    return script;
  }
}

function toResult(answer: Answer): SendResult {
  return 'error' in answer
    ? { status: null, body: null, error: answer.error, durationMs: 1 }
    : { status: answer.status, body: answer.body ?? '', error: null, durationMs: 1 };
}

/** Lets every promise callback already queued run (the fake answers through promises only). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
