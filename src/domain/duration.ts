const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;

/**
 * Parses a duration such as `"90s"`, `"10m"`, `"1h30m"`, `"250ms"` or a number of seconds
 * (`90`, `"90"`) into milliseconds. Returns `undefined` for anything else.
 *
 * @example parseDuration('1h30m') // 5_400_000
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  if (text === '') return undefined;
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  for (let m = PART.exec(text); m; m = PART.exec(text)) {
    total += Number(m[1]) * (UNIT_SECONDS[m[2] ?? 's'] ?? 1) * 1000;
    consumed = PART.lastIndex;
  }
  return consumed === text.length ? Math.round(total) : undefined;
}
