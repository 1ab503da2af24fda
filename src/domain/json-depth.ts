/**
 * How deep arrays and objects may nest in a JSON request body or a scenario: far past any real
 * order, webhook or scenario, far short of where a recursive walk (a copy, a structured clone,
 * a validator) runs out of stack or a worker's answer can no longer be passed back.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * How deep a state (`PUT /__sandbox/state`) may nest: it keeps request bodies (each up to
 * `MAX_JSON_DEPTH`) a few levels down in its records (`idempotency[].body`), so twice that.
 */
export const MAX_STATE_DEPTH = 2 * MAX_JSON_DEPTH;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Measures how deep JSON text nests, a chunk of bytes at a time, before anything parses it: a
 * body nested a million deep is refused after one pass over its bytes, never handed to a parser
 * or a recursive walk. Brackets inside strings do not count. The text need not be valid JSON
 * (the parser says what is wrong with it later).
 *
 * @example
 * const gauge = new JsonDepthGauge(MAX_JSON_DEPTH);
 * if (!gauge.feed(chunk)) throw fail('json_too_deep', { limit: MAX_JSON_DEPTH });
 */
export class JsonDepthGauge {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly limit: number) {}

  /** Reads the next bytes; false once the text has nested deeper than the limit. */
  feed(bytes: Uint8Array): boolean {
    let { depth, inString, escaped } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (++depth > this.limit) {
          this.depth = depth;
          return false;
        }
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return true;
  }
}

/**
 * Whether parsed data (a YAML or JSON scenario, any plain value) nests arrays and objects deeper
 * than `limit`, found without recursion (so without running out of stack on the deepest input).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
