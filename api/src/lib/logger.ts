import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stdout; tests pass a destination to read what was logged. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'authorization'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
