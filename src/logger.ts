import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

import type { LogFormat, LogLevel } from './log-levels.js';

export { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log-levels.js';

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
    // `default`: the package's CommonJS exports, both from source and as the bundle's chunk (which
    // gives a CommonJS package's dynamic import no named exports).
    const { default: pinoPretty } = (await import('pino-pretty')) as unknown as {
      default: typeof PinoPretty;
    };
    return pino(
      options,
      pinoPretty.build({ colorize: true, destination, ignore: 'pid,hostname,service', sync: true }),
    );
  }
  return pino(options, destination);
}
