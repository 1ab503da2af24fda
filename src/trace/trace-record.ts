import type { ClockState } from '../commands/set-clock.js';
import type { CityView } from '../commands/describe-city.js';
import type { DriverView } from '../commands/list-drivers.js';
import type { DeliveryAttempt, SandboxSchemas, TripRecord } from '../domain/sandbox-types.js';
import type { ScenarioFile } from '../domain/scenario.js';
import type { EventRecord } from '../events/event-record.js';
import type { JournalEntry } from '../journal/journal-entry.js';

/** The `format` of a trace's header: what `replay` and `show-trace` check first. */
export const TRACE_FORMAT = 'delivery-sandbox-trace';
/**
 * 2: an answer that repeats the last one written for its path is written as a reference,
 * `"body":{"same_as":N,"size":…,"truncated":…}` (N: the earlier record's index, from 0);
 * `readTrace` gives it record N's text again, and still reads version 1.
 */
export const TRACE_VERSION = 2;

/** When a record happened: real time and the world's virtual time, both epoch ms. */
interface Stamped {
  real: number;
  virtual: number;
}

/**
 * The first record, and the first after each reset or import (`world`): what a fresh world needs
 * to start as this one did, and what the viewer's map starts from.
 */
export interface WorldStart extends Stamped {
  /** The world's generation (a reset starts the next one). */
  generation: number;
  /** The scenario as a scenario file (keys masked); its clock's `start` is this world's start. */
  scenario: ScenarioFile;
  seed: string;
  clock: ClockState;
  /** Every driver as the world started (a trip moves one; idle ones stay where they are). */
  drivers: DriverView[];
  /** The webhook endpoints the world started with (URLs with credentials masked). */
  endpoints: { endpoint_id: string; url: string; events: string[] }[];
}

/** One line of a trace (docs/traces.md). */
export type TraceRecord =
  | ({
      type: 'header';
      format: typeof TRACE_FORMAT;
      version: typeof TRACE_VERSION;
      /** `default`, or the named sandbox's name. */
      sandbox: string;
      /** The sandbox's package version. */
      sandbox_version: string;
      city: CityView;
    } & WorldStart)
  | ({ type: 'world' } & WorldStart)
  /** A request and its answer: `/v1` as the request journal keeps it, the control plane alike. */
  | ({ type: 'request'; plane: 'v1' | 'control'; entry: JournalEntry } & Stamped)
  | ({ type: 'event'; event: EventRecord } & Stamped)
  | ({ type: 'webhook'; attempt: DeliveryAttempt } & Stamped)
  | ({ type: 'clock'; clock: ClockState } & Stamped)
  /** An order's trip, each time it is planned or changed: positions are a function of it. */
  | ({ type: 'trip'; order_id: string; trip: TripRecord } & Stamped)
  /** The integration report as it stood, within REPORT_EVERY_MS after activity (src/trace/trace-recorder.ts). */
  | ({ type: 'report'; report: SandboxSchemas['IntegrationReport'] } & Stamped)
  | {
      type: 'dropped';
      real: number;
      limit_bytes: number;
      message: string;
    }
  /** The last record of a trace closed in good order: how many records of each type were dropped. */
  | { type: 'end'; real: number; dropped: Record<string, number> };

export type TraceRecordType = TraceRecord['type'];
