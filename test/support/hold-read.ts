// Holding a dashboard's control-plane reads back (page.route), to land a list after the stream
// brought what followed it: what a slow answer on a busy machine does.
import type { Page } from 'playwright-core';

/** A promise, and what settles it. */
export function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Holds `page`'s next read of `path`: read from the sandbox once `readWhen` settles, answered to
 * the page once `answerWhen` does (the page's later reads of it go straight through). `read`
 * settles once the sandbox answered the read.
 */
export async function holdRead(
  page: Page,
  path: string,
  readWhen: Promise<void>,
  answerWhen: Promise<void>,
): Promise<{ read: Promise<void> }> {
  const read = signal();
  let reads = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (reads++ > 0) return route.continue();
      await readWhen;
      const answer = await route.fetch();
      read.resolve();
      await answerWhen;
      await route.fulfill({ response: answer });
    },
  );
  return { read: read.promise };
}
