import pino, { type Logger } from 'pino';

/** A logger whose lines (parsed) are kept in `lines`, for tests of what is logged. */
export function recordLogs(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { logger, lines };
}
