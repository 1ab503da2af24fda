/** What the main thread sends the trace worker (src/trace/trace-worker.ts), in order. */
export type ToTraceWorker =
  /**
   * A batch of records: their JSON lines joined by `\n`, UTF-8, in a buffer of its own that is
   * transferred; each line begins with `{"type":"…"`.
   */
  | { kind: 'lines'; bytes: Uint8Array }
  /** Flush what came so far; answered by `snapshot` with the same `id`. */
  | { kind: 'snapshot'; id: number }
  /** Write the `end` record (at `real`) and the gzip trailer; answered by `closed`. */
  | { kind: 'close'; real: number };

/** What the trace worker answers. */
export type FromTraceWorker =
  /** `bytes`: the trace so far when it is kept in memory; `null` for a file (read it). */
  | { kind: 'snapshot'; id: number; bytes: Uint8Array | null; error: string | null }
  /** `bytes`: the whole trace when it is kept in memory; `null` for a file. */
  | { kind: 'closed'; bytes: Uint8Array | null; error: string | null };

/** What the trace worker starts with (`workerData`). */
export interface TraceWorkerData {
  /** The trace file's descriptor, opened by the main thread; `null`: kept in memory. */
  fd: number | null;
  maxBytes: number;
}
