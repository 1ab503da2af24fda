import pino, { type Logger } from 'pino';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type LogFormat = 'pretty' | 'json';

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
