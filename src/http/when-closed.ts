import type { ServerResponse } from 'node:http';

const HOOKS = Symbol('when closed');

type Hooked = ServerResponse & { [HOOKS]?: (() => void)[] | null };

/**
 * Runs `hook` when the response's connection is done with it ('close', which follows 'finish' too:
 * answered or not), after the hooks added before it. Every request has several (the request drain,
 * the request counter, the journal): one listener runs them all, rather than one `once` wrapper
 * and listener each (issue 24). The listener is one function for every response, which finds the
 * hooks on the response it is called on, and runs them once even were 'close' emitted again: no
 * closure, `once` wrapper or bound function is made per request. A hook that throws stops the
 * ones after it, as a listener that throws does in an emit.
 */
export function whenClosed(res: ServerResponse, hook: () => void): void {
  const hooked = res as Hooked;
  const hooks = hooked[HOOKS];
  if (hooks === null) return; // closed already: as `once` after the emit, never runs
  if (hooks !== undefined) {
    hooks.push(hook);
    return;
  }
  hooked[HOOKS] = [hook];
  res.on('close', runHooks);
}

function runHooks(this: Hooked): void {
  const list = this[HOOKS];
  if (list === undefined || list === null) return;
  try {
    // A hook added while they run (by one of them) runs too, as it did with a listener's list.
    for (let i = 0; i < list.length; i++) list[i]!();
  } finally {
    this[HOOKS] = null;
  }
}
