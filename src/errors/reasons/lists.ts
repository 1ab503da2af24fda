import { type AnyReasonSpec, cut, reason } from '../reason-spec.js';

/**
 * Control-plane lists and their cursors.
 */
export const LIST_REASONS = {
  unknown_cursor: reason<{ param: 'starting_after' | 'ending_before'; id: string }>({
    code: 'invalid_request',
    param: (p) => p.param,
    surface: 'control',
    when: 'a `starting_after` or `ending_before` id the list does not hold (any more)',
    message: (p) =>
      `${p.param}=${cut(p.id, 100)} names no entry of this list (it may have been cleared or dropped as the list is bounded); start again without a cursor`,
  }),
} satisfies Record<string, AnyReasonSpec>;
