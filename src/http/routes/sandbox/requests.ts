import type { Router } from 'express';
import type { JournalFilter } from '../../../journal/request-journal.js';
import { toHar } from '../../har.js';
import { validateQuery } from '../../middleware/validate.js';
import type { RequestValidators } from '../../request-validators.js';
import { createRouter } from '../../router.js';

type ListQuery = JournalFilter & {
  limit: number;
  starting_after?: string;
  ending_before?: string;
};

/** The request's sandbox's request journal: list, clear, and export as HAR 1.2. */
export function sandboxRequestsRoutes(validators: RequestValidators, version: string): Router {
  const router = createRouter();

  router.get(
    '/__sandbox/requests',
    validateQuery(validators, 'sandboxListRequests'),
    (_req, res) => {
      const journal = res.locals.host.journal;
      const { limit, starting_after, ending_before, ...filter } = res.locals
        .query as unknown as ListQuery;
      const page = journal.list(filter, { limit, starting_after, ending_before });
      res.json({ requests: page.entries, has_more: page.has_more });
    },
  );

  router.delete('/__sandbox/requests', (_req, res) => {
    const journal = res.locals.host.journal;
    const cleared = journal.size;
    journal.clear();
    res.json({ cleared });
  });

  router.get(
    '/__sandbox/requests.har',
    validateQuery(validators, 'sandboxExportRequestsHar'),
    (req, res) => {
      const journal = res.locals.host.journal;
      const filter = res.locals.query as JournalFilter;
      const { entries } = journal.list(filter, { limit: journal.limits.maxEntries });
      res.json(toHar(entries, `${req.protocol}://${req.get('host') ?? 'localhost'}`, version));
    },
  );

  return router;
}
