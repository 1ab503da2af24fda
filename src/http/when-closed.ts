import type { ServerResponse } from 'node:http';

const HOOKS = Symbol('when closed');

type Hooked = ServerResponse & { [HOOKS]?: (() => void)[] };

/**
 * Runs `hook` when the response's connection is done with it ('close', which follows 'finish' too:
 * answered or not), after the hooks added before it. Every request has several (the request drain,
 * the request counter, the journal): one listener runs them all, rather than one `once` wrapper
 * and listener each (issue 24). A hook that throws stops the ones after it, as a listener that
 * throws does in an emit.
 */
export function whenClosed(res: ServerResponse, hook: () => void): void {
  const hooked = res as Hooked;
  const hooks = hooked[HOOKS];
  if (hooks !== undefined) {
    hooks.push(hook);
    return;
  }
  const list = [hook];
  hooked[HOOKS] = list;
  res.once('close', () => {
    for (let i = 0; i < list.length; i++) list[i]!();
  });
}
