import type { LogLevel } from '../config';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** One JSON object per line on stderr: easy to grep, easy to ship to a log collector. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stderr.write(l),
) {
  const threshold = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (ORDER[lvl] < threshold) return;
    // The line's own `level` and `msg` win over fields of the same name (a dunning level is no log level).
    const time = new Date().toISOString();
    const line: Record<string, unknown> = { time, level: lvl, msg, ...fields };
    // A field named as the line's own keys is kept beside them (`field_level`), never in their place.
    for (const own of ['time', 'level', 'msg'] as const) {
      if (fields && own in fields) line[`field_${own}`] = fields[own];
    }
    line.time = time;
    line.level = lvl;
    line.msg = msg;
    write(`${JSON.stringify(line)}\n`);
  };
  const logger: Logger = {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
  return logger;
}
