import { type AnyReasonSpec, reason } from '../reason-spec.js';

/**
 * Importing a state (`PUT /__sandbox/state`).
 */
export const STATE_IMPORT_REASONS = {
  import_in_progress: reason({
    code: 'invalid_request',
    status: 409,
    param: null,
    surface: 'control',
    headers: { 'Retry-After': '1' },
    when: 'a state import while another is running (one at a time), with `Retry-After`',
    message: () =>
      'Another state import is running (one at a time: each may take hundreds of megabytes); retry once it has answered (Retry-After)',
  }),
  import_timed_out: reason<{ seconds: number }>({
    code: 'invalid_request',
    status: 413,
    param: 'body',
    surface: 'control',
    when: 'a state import whose parsing and validation take longer than 60 s',
    message: (p) =>
      `The state could not be parsed and validated within ${p.seconds} s; import a smaller state`,
  }),
  import_failed: reason<{ detail: string }>({
    code: 'invalid_request',
    param: 'body',
    surface: 'control',
    when: 'a state the import worker could not read or hand back',
    message: (p) =>
      `The state could not be imported (${p.detail}); export it again and import that`,
  }),
} satisfies Record<string, AnyReasonSpec>;
