/** pino's levels, most severe first, and `silent` (src/logger.ts). Without pino: the command line's choices. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** The log formats: human-readable lines for a terminal, or JSON lines. */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
