import type { ErrorDetail } from '../../errors/service-error.js';

/** What the main thread sends the import worker: the body's bytes, their end, and "next part". */
export type ImportMessage =
  { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'more' };

/**
 * What the import worker answers: the body nests too deep (found as its chunks arrive), was not
 * JSON, or not a state; else, one `more` at a
 * time, the state's top-level values (arrays start empty) and its records in batches, then `done`.
 */
export type WorkerMessage =
  | { type: 'too_deep'; limit: number }
  | { type: 'malformed'; detail: string }
  | { type: 'invalid'; details: ErrorDetail[] }
  | { type: 'value'; key: string; value: unknown }
  | { type: 'records'; key: string; records: unknown[] }
  | { type: 'done' };
