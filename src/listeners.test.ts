import { describe, expect, it } from 'vitest';
import { Listeners } from './listeners.js';

/** A registry of string payloads whose listener errors are collected, not logged. */
function registry(): { listeners: Listeners<string>; errors: [unknown, string][] } {
  const errors: [unknown, string][] = [];
  return {
    listeners: new Listeners<string>((err, payload) => errors.push([err, payload])),
    errors,
  };
}

describe('Listeners', () => {
  it('calls every listener with the payload, in the order they subscribed', () => {
    const { listeners } = registry();
    const heard: string[] = [];
    listeners.subscribe((p) => heard.push(`first ${p}`));
    listeners.subscribe((p) => heard.push(`second ${p}`));
    listeners.emit('a');
    expect(heard).toEqual(['first a', 'second a']);
  });

  it('hands a throwing listener to onError with its payload; the others and the caller go on', () => {
    const { listeners, errors } = registry();
    const heard: string[] = [];
    const broken = new Error('broken listener');
    listeners.subscribe((p) => heard.push(`before ${p}`));
    listeners.subscribe(() => {
      throw broken;
    });
    listeners.subscribe((p) => heard.push(`after ${p}`));
    expect(() => listeners.emit('a')).not.toThrow();
    listeners.emit('b');
    expect(heard).toEqual(['before a', 'after a', 'before b', 'after b']);
    expect(errors).toEqual([
      [broken, 'a'],
      [broken, 'b'],
    ]);
  });

  it('stops calling a listener once unsubscribed; unsubscribing twice is harmless', () => {
    const { listeners } = registry();
    const heard: string[] = [];
    const off = listeners.subscribe((p) => heard.push(p));
    listeners.emit('a');
    off();
    off();
    listeners.emit('b');
    expect(heard).toEqual(['a']);
    expect(listeners.size).toBe(0);
  });

  it('keeps each subscription of the same function apart', () => {
    const { listeners } = registry();
    const heard: string[] = [];
    const listener = (p: string): void => void heard.push(p);
    const off = listeners.subscribe(listener);
    listeners.subscribe(listener);
    listeners.emit('a');
    off();
    listeners.emit('b');
    expect(heard).toEqual(['a', 'a', 'b']);
  });

  it('runs a listener added during an emit from the next emit on', () => {
    const { listeners } = registry();
    const heard: string[] = [];
    listeners.subscribe((p) => {
      heard.push(`first ${p}`);
      if (p === 'a') listeners.subscribe((q) => heard.push(`added ${q}`));
    });
    listeners.emit('a');
    listeners.emit('b');
    expect(heard).toEqual(['first a', 'first b', 'added b']);
  });

  it('survives unsubscribes during an emit: of itself, of one not yet called, of one already called', () => {
    const { listeners, errors } = registry();
    const heard: string[] = [];
    const offs: (() => void)[] = [];
    offs.push(listeners.subscribe((p) => heard.push(`zero ${p}`)));
    offs.push(
      listeners.subscribe((p) => {
        heard.push(`one ${p}`);
        offs[0]?.(); // already called
        offs[1]?.(); // itself
        offs[2]?.(); // not yet called: it is skipped
      }),
    );
    offs.push(listeners.subscribe((p) => heard.push(`two ${p}`)));
    listeners.subscribe((p) => heard.push(`three ${p}`));
    listeners.emit('a');
    listeners.emit('b');
    expect(heard).toEqual(['zero a', 'one a', 'three a', 'three b']);
    expect(errors).toEqual([]);
  });

  it('calls nobody after clear, not even the rest of an emit under way', () => {
    const { listeners } = registry();
    const heard: string[] = [];
    listeners.subscribe((p) => {
      heard.push(`first ${p}`);
      listeners.clear();
    });
    listeners.subscribe((p) => heard.push(`second ${p}`));
    listeners.emit('a');
    listeners.emit('b');
    expect(heard).toEqual(['first a']);
    expect(listeners.size).toBe(0);
  });

  it('types the payload: a listener and an emit must agree with T', () => {
    const numbers = new Listeners<{ n: number }>(() => {});
    const seen: number[] = [];
    numbers.subscribe(({ n }) => seen.push(n));
    numbers.emit({ n: 1 });
    // @ts-expect-error: the payload is { n: number }, not a string
    numbers.emit('one');
    // @ts-expect-error: a listener of strings does not hear { n: number }
    numbers.subscribe((s: string) => s.length);
    const signal = new Listeners<void>(() => {});
    signal.emit(); // a payload-less signal (the sandbox's end) is emitted with no argument
    expect(seen.slice(0, 1)).toEqual([1]);
  });
});
