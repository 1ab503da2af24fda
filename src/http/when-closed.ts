import type { ServerResponse } from 'node:http';

const HOOKS = Symbol('when closed');

/** A response's hooks, and whether they have not run yet (0), are running (1) or ran (2). */
interface Hooks {
  readonly list: (() => void)[];
  state: 0 | 1 | 2;
}

type Hooked = ServerResponse & { [HOOKS]?: Hooks };

/**
 * Runs `hook` when the response's connection is done with it ('close', which follows 'finish' too:
 * answered or not), after the hooks added before it. Every request has several (the request drain,
 * the request counter, the journal): one listener runs them all, rather than one `once` wrapper
 * and listener each (issue 24). The listener is one function for every response, which finds the
 * hooks on the response it is called on: no closure, `once` wrapper or bound function is made per
 * request. The hooks run once, were 'close' emitted again (even by one of them); a hook added
 * while they run (by one of them) runs too, one added after never does. A hook that throws stops
 * the ones after it, as a listener that throws does in an emit.
 */
export function whenClosed(res: ServerResponse, hook: () => void): void {
  const hooked = res as Hooked;
  const hooks = hooked[HOOKS];
  if (hooks === undefined) {
    hooked[HOOKS] = { list: [hook], state: 0 };
    res.on('close', runHooks);
  } else if (hooks.state !== 2) hooks.list.push(hook);
}

function runHooks(this: Hooked): void {
  const hooks = this[HOOKS];
  if (hooks === undefined || hooks.state !== 0) return;
  hooks.state = 1;
  try {
    const { list } = hooks;
    for (let i = 0; i < list.length; i++) list[i]!();
  } finally {
    hooks.state = 2;
  }
}
