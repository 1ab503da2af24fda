/** A listener of a `Listeners<T>`: it hears each payload emitted after it subscribed. */
export type Listener<T> = (payload: T) => void;

/** What an owner does with a listener that threw: log it (the policy), with the payload it had. */
export type ListenerError<T> = (err: unknown, payload: T) => void;

/** One subscription; `live` turns false when it ends, so an emit under way skips it. */
interface Subscription<T> {
  readonly listener: Listener<T>;
  live: boolean;
}

/**
 * The one listener registry: the event bus, the activity feed, the request journal, the sandbox
 * stream's consumers, the probe results, the next world and the sandbox's end all keep theirs in
 * one. One policy for all:
 *
 * - listeners are called synchronously, in the order they subscribed;
 * - a listener that throws is handed to `onError` (the owner logs it) and stops neither the other
 *   listeners nor the caller of `emit`;
 * - a listener that subscribes during an emit hears the next emit, not this one; one that
 *   unsubscribes during an emit is not called by it any more (if it was not already);
 * - `subscribe` returns the unsubscribe function (calling it twice is harmless).
 *
 * The bus is on the path of every lifecycle step, so `emit` allocates nothing: it walks an array
 * that is replaced (copied) only when a listener comes or goes.
 *
 * @example
 * const replaced = new Listeners<World>((err) => logger.error({ err }, 'a listener of the next world failed'));
 * const off = replaced.subscribe((next) => streams.moveTo(next));
 * replaced.emit(next);
 * off();
 */
export class Listeners<T> {
  private subscriptions: readonly Subscription<T>[] = [];

  constructor(private readonly onError: ListenerError<T>) {}

  /** How many listeners are subscribed now. */
  get size(): number {
    return this.subscriptions.length;
  }

  /** Adds `listener` after the others; returns the function that removes it. */
  subscribe(listener: Listener<T>): () => void {
    const subscription: Subscription<T> = { listener, live: true };
    this.subscriptions = [...this.subscriptions, subscription];
    return () => {
      if (!subscription.live) return;
      subscription.live = false;
      this.subscriptions = this.subscriptions.filter((s) => s !== subscription);
    };
  }

  /** Calls every listener with `payload`, in subscription order (see the policy above). */
  emit(payload: T): void {
    // This emit's listeners: a (un)subscribe during it replaces the field, not this array.
    const subscriptions = this.subscriptions;
    for (let i = 0; i < subscriptions.length; i++) {
      const subscription = subscriptions[i] as Subscription<T>;
      if (!subscription.live) continue;
      try {
        subscription.listener(payload);
      } catch (err) {
        this.onError(err, payload);
      }
    }
  }

  /** Removes every listener (an emit under way calls none of those it had not called yet). */
  clear(): void {
    for (const subscription of this.subscriptions) subscription.live = false;
    this.subscriptions = [];
  }
}
