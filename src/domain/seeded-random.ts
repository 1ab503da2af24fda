import { hash } from 'node:crypto';

/**
 * A small, fast, seeded pseudo-random generator (sfc32). The same seed gives the same sequence on
 * every platform, which is what makes a scenario reproducible (the platform's Math.random is never used).
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    const h = hash('sha256', String(seed), 'buffer');
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
}

/** Two uniform numbers in [0, 1) derived from a string, for deterministic placement (geocoding). */
export function hashToUnitPair(text: string): [number, number] {
  const h = hash('sha256', text, 'buffer');
  return [h.readUInt32LE(0) / 4294967296, h.readUInt32LE(4) / 4294967296];
}
