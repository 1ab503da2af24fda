import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type LogFormat = 'pretty' | 'json';

/** A pino logger writing JSON lines, or human-readable lines (pino-pretty) for a terminal. */
export function createLogger(
  level: LogLevel,
  format: LogFormat,
  destination: NodeJS.WritableStream,
): Logger {
  const options = { level, base: { service: 'delivery-sandbox' } };
  if (format === 'pretty') {
    return pino(
      options,
      pretty({ colorize: true, destination, ignore: 'pid,hostname,service', sync: true }),
    );
  }
  return pino(options, destination);
}
