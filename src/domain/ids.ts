import { hash } from 'node:crypto';

/** Every kind of identifier the sandbox issues, by its prefix. */
export type IdPrefix = 'ord' | 'drv' | 'pay' | 'evt' | 'whk' | 'req' | 'acct' | 'dlv' | 'whsec';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BASE5 = 62 ** 5;

/** murmur3's 32-bit finaliser: a fast bijective mix of 32 bits. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The character codes of ALPHABET, by digit. */
const DIGITS = Array.from(ALPHABET, (c) => c.charCodeAt(0));

/**
 * Writes `n`'s `digits` base-62 digits into `out` from `at`, least significant first. An id's 16
 * digits become one string at once (`String.fromCharCode`), not 16 concatenations: ids are drawn
 * on every request (its `req_…`), and the concatenations were most of a draw's time and garbage.
 */
function base62(n: number, digits: number, out: number[], at: number): void {
  for (let i = 0; i < digits; i++) {
    out[at + i] = DIGITS[n % 62]!;
    n = Math.floor(n / 62);
  }
}

/** An id's 16 digits, reused by every draw (one thread; filled and read within `draw`). */
const digits: number[] = new Array<number>(16).fill(0);

/** Where an {@link IdGenerator}'s ids live, besides the seed. */
export interface IdSpaceOptions {
  /**
   * Mixed into every key, so that two spaces never share an id: the world's generation and the
   * clock's start (see `world/world-ids.ts`). Default none: the ids of the seed alone, which the
   * scenario's seeded drivers use (and every id did before generations were mixed in).
   */
  space?: string | undefined;
  /** Ids already in use (an imported or resumed state's): skipped, never issued. Default none. */
  taken?: ReadonlySet<string> | undefined;
}

/**
 * Issues prefixed identifiers (`ord_…`, 16 base-62 characters) that depend only on the seed, the
 * space, the prefix and how many of that prefix came before: the same sequence of requests under
 * the same seed and space yields the same IDs, and issuing request ids never shifts order ids. The
 * counters are part of the persisted state. Each prefix gets its own 128-bit key from SHA-256 of
 * the seed and the space, once; an id is then four rounds of a fast 32-bit mix of (key, counter),
 * cheap enough for every request.
 */
export class IdGenerator {
  private readonly keys = new Map<string, Uint32Array>();

  constructor(
    private readonly seed: string,
    private readonly counters: Record<string, number>,
    private readonly options: IdSpaceOptions = {},
  ) {}

  /** The next id for `prefix`, e.g. `ord_3kT9qP0xWm2Lr8Zb`, skipping any id already taken. */
  next(prefix: IdPrefix): string {
    let id = this.draw(prefix);
    while (this.options.taken?.has(id)) id = this.draw(prefix);
    return id;
  }

  private draw(prefix: IdPrefix): string {
    const n = (this.counters[prefix] ?? 0) + 1;
    this.counters[prefix] = n;
    const k = this.key(prefix);
    const a = fmix32((k[0]! ^ n) >>> 0);
    const b = fmix32((k[1]! ^ a ^ Math.imul(n, 0x9e3779b9)) >>> 0);
    const c = fmix32((k[2]! ^ b ^ (n / 2 ** 32)) >>> 0);
    const d = fmix32((k[3]! ^ c ^ a) >>> 0);
    base62(a % BASE5, 5, digits, 0);
    base62(b % BASE5, 5, digits, 5);
    base62(c % BASE5, 5, digits, 10);
    base62(d % 62, 1, digits, 15);
    return `${prefix}_${String.fromCharCode(...digits)}`;
  }

  /** A secret such as `whsec_…` (32 characters), deterministic under the seed like every id. */
  secret(prefix: 'whsec'): string {
    const strip = (id: string): string => id.slice(prefix.length + 1);
    return `${prefix}_${strip(this.next(prefix))}${strip(this.next(prefix))}`;
  }

  private key(prefix: string): Uint32Array {
    let key = this.keys.get(prefix);
    if (!key) {
      // Without a space the key is the seed's alone, as it always was: seeded drivers keep their ids.
      const { space } = this.options;
      const material = space === undefined ? this.seed : `${this.seed}\0${space}`;
      const digest = hash('sha256', `${material}\0${prefix}`, 'buffer');
      key = new Uint32Array([
        digest.readUInt32LE(0),
        digest.readUInt32LE(4),
        digest.readUInt32LE(8),
        digest.readUInt32LE(12),
      ]);
      this.keys.set(prefix, key);
    }
    return key;
  }
}
