/**
 * Structured JSON log lines, one per call, each carrying the request id so a 5xx seen by a user
 * can be found in CloudWatch. Kept tiny on purpose: it runs on every cold start.
 */
import { config } from '../config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

/** A logger whose every line carries `fields` (the request id, the route). */
export function createLogger(fields: Record<string, unknown>): Logger {
  const write = (level: Level, msg: string, data?: Record<string, unknown>) => {
    if (order[level] < order[config().LOG_LEVEL]) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), ...fields, msg, ...data });
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

/** What to log about an unexpected error: its name, message and stack, never sent to the caller. */
export const describeError = (err: unknown): Record<string, unknown> =>
  err instanceof Error ? { error: err.name, errorMessage: err.message, stack: err.stack } : { error: String(err) };
