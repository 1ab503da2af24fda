import type { SandboxStreamMessage } from './messages.js';
import type { FeedListener } from './sandbox-feed.js';

/** Messages a reader of `sandbox.stream()` may fall behind by before the iterator fails. */
export const ITERATOR_BACKLOG = 10_000;

/**
 * The messages of `/__sandbox/stream` as an async iterator, for test runners in the same process.
 * Each message is a fresh copy (parsed from the JSON the sockets get). It ends when the reader
 * stops (`break`, `return()`) or the sandbox closes; a reader more than ITERATOR_BACKLOG messages
 * behind gets an error rather than unbounded memory.
 */
export function iterateFeed(
  subscribe: (listener: FeedListener) => () => void,
  onEnd: (listener: () => void) => () => void,
): AsyncIterableIterator<SandboxStreamMessage> {
  const queue: SandboxStreamMessage[] = [];
  let waiting: ((r: IteratorResult<SandboxStreamMessage>) => void) | undefined;
  let done = false;
  let error: Error | undefined;

  const finish = (): void => {
    done = true;
    off();
    offEnd();
    waiting?.({ value: undefined, done: true });
    waiting = undefined;
  };
  const off = subscribe((_message, text) => {
    if (done) return;
    const message = JSON.parse(text) as SandboxStreamMessage;
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve({ value: message, done: false });
      return;
    }
    if (queue.length >= ITERATOR_BACKLOG) {
      error = new Error(
        `sandbox.stream(): the reader fell ${ITERATOR_BACKLOG} messages behind and the stream was stopped; read it in a loop as messages come, or use sandbox.events() and sandbox.deliveries()`,
      );
      finish();
      return;
    }
    queue.push(message);
  });
  const offEnd = onEnd(finish);

  const iterator: AsyncIterableIterator<SandboxStreamMessage> = {
    next() {
      const value = queue.shift();
      if (value !== undefined) return Promise.resolve({ value, done: false });
      if (error) return Promise.reject(error);
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => (waiting = resolve));
    },
    return() {
      queue.length = 0;
      finish();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
