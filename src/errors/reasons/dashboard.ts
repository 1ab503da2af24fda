import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * The dashboard's page.
 */
export const DASHBOARD_REASONS = {
  dashboard_not_built: reason<{ dir: string }>({
    code: 'not_found',
    param: null,
    surface: 'control',
    when: 'the dashboard was asked for but its assets were never built (running from source)',
    message: (p) =>
      `The dashboard's files are not in ${cut(p.dir, 200)}: run \`npm run build\` once (the JSON index of / answers with Accept: application/json)`,
  }),
} satisfies Record<string, AnyReasonSpec>;
