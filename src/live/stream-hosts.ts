import type { World } from '../world/world.js';

/** A sandbox as the streams see it: its world now, and each next one (a reset, an import). */
export interface StreamHost {
  readonly current: World;
  /** Calls `listener` with each next world; returns the unsubscribe function. */
  onReplace(listener: (next: World) => void): () => void;
}

/** Why a named sandbox's streams end: it was deleted, expired, replaced (PUT) or the server stops. */
export type SandboxEnd = 'deleted' | 'expired' | 'replaced' | 'stopped';

/** A named sandbox that was just disposed: its streams close. */
export interface DisposedSandbox {
  readonly name: string;
  readonly host: StreamHost;
  readonly why: SandboxEnd;
}

/**
 * The server's sandboxes, as the streams find them (src/sandbox/sandbox-registry.ts holds them):
 * by the name of a `/__sandbox/sandboxes/{name}/stream` path, or by a `/v1` key.
 */
export interface StreamHosts {
  /** The default sandbox: `/__sandbox/stream`, and every key that names no sandbox. */
  readonly default: StreamHost;
  /** The sandbox `name` (`default` too); `undefined` when there is none. May throw a bad name's error. */
  byName(name: string): StreamHost | undefined;
  /** The sandbox a key names: a host, `'gone'` (a deleted or expired one's), or `undefined` (the default's). */
  byKey(token: string): StreamHost | 'gone' | undefined;
  /** Hears each named sandbox as it is disposed; returns the unsubscribe function. */
  onDisposed(listener: (gone: DisposedSandbox) => void): () => void;
}

/**
 * The close code of every stream of a sandbox that was deleted, expired or replaced (a private
 * code of RFC 6455 §7.4.2, after HTTP's 410 Gone); the reason says which and names the sandbox.
 */
export const SANDBOX_GONE = 4410;

/** The close reason of a gone sandbox's streams. */
export function goneReason(gone: DisposedSandbox): string {
  switch (gone.why) {
    case 'replaced':
      return `sandbox ${gone.name} replaced (PUT): open the stream again for its new world`;
    case 'expired':
      return `sandbox ${gone.name} expired (its ttl passed without a use)`;
    case 'stopped':
      return `sandbox ${gone.name} closed: the server is stopping`;
    default:
      return `sandbox ${gone.name} deleted`;
  }
}
