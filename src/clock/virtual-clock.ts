import type { ClockMode } from '../domain/scenario.js';

export type { ClockMode };

export interface ClockSettings {
  /** `realtime` follows the wall clock (times `speed`); `manual` stands still until advanced. */
  mode: ClockMode;
  /** Virtual seconds per real second in `realtime` mode. Default 1. */
  speed: number;
}

/** Where real time comes from; injected so tests and benchmarks can drive it. */
export type WallClock = () => number;

const systemWallClock: WallClock = () => Date.now();

/**
 * The one clock of a sandbox process. All domain time is read from it, never from `Date`.
 * In `realtime` mode virtual time advances `speed` times as fast as real time; in `manual` mode it
 * moves only when `advanceTo`/`advanceBy` is called.
 */
export class VirtualClock {
  private anchorVirtual: number;
  private anchorReal: number;
  private settings: ClockSettings;
  private pinnedAt: number | undefined;
  /** The last `iso()` answer and the instant it is of. */
  private lastIso = { at: NaN, text: '' };

  constructor(
    startMs: number,
    settings: ClockSettings,
    private readonly wall: WallClock = systemWallClock,
  ) {
    this.anchorVirtual = startMs;
    this.anchorReal = wall();
    this.settings = { ...settings };
  }

  /** The virtual time now, in epoch milliseconds. */
  now(): number {
    return this.pinnedAt ?? this.live();
  }

  /** Virtual time from the anchors alone, ignoring a pin. */
  private live(): number {
    if (this.settings.mode === 'manual') return this.anchorVirtual;
    return this.anchorVirtual + Math.floor((this.wall() - this.anchorReal) * this.settings.speed);
  }

  /** The real (wall) time now: the start of a clock that has no scenario start time. */
  wallNow(): number {
    return this.wall();
  }

  /**
   * The virtual time now as an ISO 8601 UTC string with milliseconds. The last one is kept with
   * its instant: a manual clock stands still between advances, and a create stamps the same
   * instant several times (issue 24: ~2 % of a create).
   */
  iso(): string {
    const now = this.now();
    if (now !== this.lastIso.at) this.lastIso = { at: now, text: new Date(now).toISOString() };
    return this.lastIso.text;
  }

  get mode(): ClockMode {
    return this.settings.mode;
  }

  get speed(): number {
    return this.settings.speed;
  }

  /** Switches mode or speed without a jump in virtual time. */
  configure(settings: Partial<ClockSettings>): void {
    this.rebase();
    this.settings = { ...this.settings, ...settings };
  }

  /** Moves virtual time forward to `ms` (never backwards). */
  advanceTo(ms: number): void {
    this.rebase();
    if (ms > this.anchorVirtual) this.anchorVirtual = ms;
  }

  /** Moves virtual time forward by `ms`. */
  advanceBy(ms: number): void {
    this.advanceTo(this.now() + Math.max(0, ms));
  }

  /**
   * Runs `fn` (with `arg`, when given) with the clock reading `at` (a scheduled task runs at its due
   * time). Virtual time itself does not move.
   */
  pinned<T>(at: number, fn: () => T): T;
  pinned<T, A>(at: number, fn: (arg: A) => T, arg: A): T;
  pinned<T>(at: number, fn: (arg: unknown) => T, arg?: unknown): T {
    const previous = this.pinnedAt;
    this.pinnedAt = at;
    try {
      return fn(arg);
    } finally {
      this.pinnedAt = previous;
    }
  }

  /** The current settings and time, as the control plane shows them. */
  state(): { mode: ClockMode; speed: number; now: string } {
    return { mode: this.settings.mode, speed: this.settings.speed, now: this.iso() };
  }

  private rebase(): void {
    this.anchorVirtual = this.live();
    this.anchorReal = this.wall();
  }
}
