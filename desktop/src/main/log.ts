/**
 * The main process's log. Messages name what happened, never the values involved: arguments of
 * IPC calls carry tokens and store contents, and addresses can carry reset tokens in their query.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.info(`[main] ${message}`),
  warn: (message) => console.warn(`[main] ${message}`),
  error: (message) => console.error(`[main] ${message}`),
};

/** An address reduced to what is safe to log: its origin (no path, query or fragment). */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    // Non-special schemes (app:, javascript:, data:) have the opaque origin "null" in WHATWG URLs.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'an invalid address';
  }
}

/** The kind of an error, without its message when that message could echo user input. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${error.name} (${code})` : error.name;
  }
  return typeof error;
}
