// DATABASE_URL: PostgreSQL URLs only (postgres:// or postgresql://, options in the query string), flags
// override env, and a wrong one is a clear start-up error that does not echo the URL's password.
import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from '../../src/config';

describe('DATABASE_URL', () => {
  test('unset: the embedded SQLite database, rate limits in memory', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeNull();
    expect(config.rateLimitStore).toBe('memory');
  });

  test('postgres:// and postgresql:// with TLS options are taken as they are; rate limits move to the database', () => {
    for (const url of [
      'postgres://u:p@db.internal:5432/invoices',
      'postgresql://u:p@db.internal/invoices?sslmode=require',
    ]) {
      const config = loadConfig({ DATABASE_URL: url });
      expect(config.databaseUrl).toBe(url);
      expect(config.rateLimitStore).toBe('database');
    }
    expect(loadConfig({}, { 'database-url': 'postgres://h/db' }).databaseUrl).toBe('postgres://h/db');
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe(
      'memory',
    );
  });

  test('DATABASE_POOL_SIZE: 10 by default, a whole number from 1 to 1000 otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(loadConfig({}, { 'database-pool-size': '25' }).databasePoolSize).toBe(25);
    for (const bad of ['0', '1001', 'ten', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(ConfigError);
    }
  });

  test('DATABASE_ANSWER_TIMEOUT_SECONDS: 90 by default, a whole number of seconds from 1 otherwise', () => {
    expect(loadConfig({}).databaseAnswerTimeoutSeconds).toBe(90);
    expect(loadConfig({ DATABASE_ANSWER_TIMEOUT_SECONDS: '5' }).databaseAnswerTimeoutSeconds).toBe(5);
    expect(loadConfig({}, { 'database-answer-timeout-seconds': '120' }).databaseAnswerTimeoutSeconds).toBe(
      120,
    );
    for (const bad of ['0', 'soon', '1.5', '86401']) {
      expect(() => loadConfig({ DATABASE_ANSWER_TIMEOUT_SECONDS: bad })).toThrow(ConfigError);
    }
  });

  test('another scheme or no URL at all is refused, without the password', () => {
    for (const url of ['mysql://u:secret@h/db', 'sqlite:///tmp/x.db', 'u:secret@h/db', 'not a url']) {
      let error: unknown;
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('DATABASE_URL');
      expect((error as Error).message).not.toContain('secret');
    }
  });
});
