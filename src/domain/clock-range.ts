/**
 * The times the sandbox's clock may show: from 2000-01-01 to 2200-01-01 (UTC), in epoch
 * milliseconds. Far inside JavaScript's date range (±8.64e15 ms), so every time the sandbox
 * formats (`toISOString`), schedules or adds a delay to stays a valid date. openapi/sandbox.yaml
 * (`ClockTime`) and scenarios/schema.json (`clock.start`) state the same bounds.
 */
export const CLOCK_RANGE = {
  min: Date.UTC(2000, 0, 1),
  max: Date.UTC(2200, 0, 1),
  text: 'from 2000-01-01T00:00:00Z to 2200-01-01T00:00:00Z',
} as const;
