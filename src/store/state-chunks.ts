import { Slicer } from '../slices.js';
import type { SandboxState } from './state.js';

/** How much JSON is gathered before it is handed on. */
const CHUNK_CHARS = 1 << 20;

/**
 * `state` as one compact JSON document, in chunks of about 1 MiB, serialised record by record and
 * yielding to the event loop every few milliseconds: a 100 MB state never stalls other requests.
 * The arrays are copied first (pointers only), so records added or dropped meanwhile neither
 * appear nor vanish; a record changed in place meanwhile is written as it is when reached.
 */
export async function* stateChunks(
  state: SandboxState,
  extra: Record<string, unknown> = {},
): AsyncGenerator<string> {
  const parts = Object.entries({ ...state, ...extra }).map(([key, value]): [string, unknown] => [
    key,
    Array.isArray(value) ? [...(value as unknown[])] : value,
  ]);
  let buffer = '{';
  const slicer = new Slicer();
  let first = true;
  for (const [key, value] of parts) {
    if (value === undefined) continue;
    buffer += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value)) {
      buffer += JSON.stringify(value);
      continue;
    }
    buffer += '[';
    for (let i = 0; i < value.length; i++) {
      buffer += (i === 0 ? '' : ',') + JSON.stringify(value[i]);
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
      if ((i & 31) === 31) await slicer.maybePause();
    }
    buffer += ']';
  }
  yield `${buffer}}\n`;
}
