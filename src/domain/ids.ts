import { createHash } from 'node:crypto';

/** Every kind of identifier the sandbox issues, by its prefix. */
export type IdPrefix = 'ord' | 'drv' | 'pay' | 'evt' | 'whk' | 'req' | 'acct';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_LENGTH = 16;

/**
 * Issues prefixed identifiers (`ord_…`) that depend only on the seed, the prefix and how many of
 * that prefix came before: the same sequence of requests under the same seed yields the same IDs,
 * and issuing request ids never shifts order ids. The counters are part of the persisted state.
 */
export class IdGenerator {
  constructor(
    private readonly seed: string,
    private readonly counters: Record<string, number>,
  ) {}

  /** The next id for `prefix`, e.g. `ord_3kT9qP0xWm2Lr8Zb`. */
  next(prefix: IdPrefix): string {
    const n = (this.counters[prefix] ?? 0) + 1;
    this.counters[prefix] = n;
    return `${prefix}_${encode(createHash('sha256').update(`${this.seed}\0${prefix}\0${n}`).digest())}`;
  }
}

function encode(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++) out += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return out;
}
