import pino, { type Logger } from 'pino';

/** pino's levels, most severe first, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * A pino logger writing JSON lines, or human-readable lines for a terminal (pino-pretty, loaded
 * only then, to keep start-up fast).
 */
export async function createLogger(
  level: LogLevel,
  format: LogFormat,
  destination: NodeJS.WritableStream,
): Promise<Logger> {
  const options = { level, base: { service: 'delivery-sandbox' } };
  if (format === 'pretty') {
    const { build: pretty } = await import('pino-pretty');
    return pino(
      options,
      pretty({ colorize: true, destination, ignore: 'pid,hostname,service', sync: true }),
    );
  }
  return pino(options, destination);
}
