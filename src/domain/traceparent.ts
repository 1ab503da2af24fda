import { hash } from 'node:crypto';

/** A valid W3C `traceparent` (Trace Context, level 1), its fields in lowercase hex. */
export interface TraceParent {
  /** 32 hex digits, not all zero. */
  readonly traceId: string;
  /** The caller's span: 16 hex digits, not all zero. */
  readonly parentId: string;
  /** 2 hex digits (`01`: sampled). */
  readonly flags: string;
}

// version-traceid-parentid-flags, lowercase hex only; a later version may append fields after a `-`.
const SHAPE = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * The `traceparent` header as the W3C Trace Context recommendation reads it, or `undefined` for a
 * missing or invalid one, which is ignored rather than refused (the spec's rule): uppercase hex,
 * version `ff`, an all-zero trace or parent id, version `00` with anything after the flags, or a
 * repeated header (Node joins repeats with `, `). A later version's first four fields are read as
 * version 00's, as the spec asks.
 *
 * @example
 * parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')
 * // → { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', parentId: '00f067aa0ba902b7', flags: '01' }
 */
export function parseTraceparent(header: string | string[] | undefined): TraceParent | undefined {
  if (typeof header !== 'string' || header.length < 55) return undefined;
  const m = SHAPE.exec(header);
  if (!m) return undefined;
  const [, version, traceId, parentId, flags, rest] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return undefined;
  return { traceId, parentId, flags };
}

/** The header of `t` (version 00). */
export function formatTraceparent(t: TraceParent): string {
  return `00-${t.traceId}-${t.parentId}-${t.flags}`;
}

/**
 * The `traceparent` of a child span of `parent`: the same trace and flags, a new span id derived
 * from the parent's span and `seed` (what the child is, e.g. a delivery and its attempt number).
 * Derived, not drawn: the seeded generator's draws (faults, the simulation) stay as they were,
 * and the same run gives the same span ids.
 */
export function childTraceparent(parent: TraceParent, seed: string): string {
  let spanId = hash('sha256', `${parent.parentId}:${seed}`, 'hex').slice(0, 16);
  if (spanId === ZERO_SPAN) spanId = '0000000000000001';
  return formatTraceparent({ ...parent, parentId: spanId });
}
