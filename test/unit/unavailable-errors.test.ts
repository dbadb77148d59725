// Which faults are "unavailable" (503 with Retry-After, retried by background work) and which are not:
// PostgreSQL going away, by SQLSTATE or by postgres.js's connection codes; the object store going away,
// by Bun's S3 client's codes. Never by message text.
import { describe, expect, test } from 'bun:test';
import postgres from 'postgres';
import { DbError, dbErrorOf, isDatabaseUnavailable } from '../../src/db/errors';
import { fromPostgresError } from '../../src/db/postgres-errors';
import { unavailableResponse } from '../../src/http/error-handler';
import { isOutage, isTransientFault } from '../../src/jobs/transient';
import { createLogger } from '../../src/shared/logger';
import { isStoreOutage, isStoreUnavailable, storeMisconfiguration } from '../../src/storage/unavailable';

const pgError = (code: string, routine?: string) =>
  new postgres.PostgresError({ code, message: 'x', routine } as unknown as ConstructorParameters<
    typeof postgres.PostgresError
  >[0]);
const withCode = (code: string, name = 'Error') => Object.assign(new Error('x'), { code, name });

describe('the database away', () => {
  test('a restart, a shutdown, no slots, a broken connection: unavailable', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001']) {
      expect(isDatabaseUnavailable(fromPostgresError(pgError(code)))).toBe(true);
    }
    for (const code of ['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNREFUSED']) {
      expect(dbErrorOf(fromPostgresError(withCode(code)))?.code).toBe('unavailable');
    }
  });

  test('what the request did wrong, or a conflict, is not', () => {
    expect(dbErrorOf(fromPostgresError(pgError('23505')))?.code).toBe('unique_violation');
    expect(dbErrorOf(fromPostgresError(pgError('40001')))?.code).toBe('busy');
    expect(isDatabaseUnavailable(fromPostgresError(pgError('42P01')))).toBe(false);
    const plain = new TypeError('x');
    expect(fromPostgresError(plain)).toBe(plain);
  });
});

describe('the object store away', () => {
  test("Bun's S3 client's connection codes and S3's own 'try again' codes are unavailable", () => {
    for (const code of [
      'ConnectionRefused',
      'ConnectionClosed',
      'ServiceUnavailable',
      'SlowDown',
      'InternalError',
    ]) {
      expect(isStoreUnavailable(withCode(code, 'S3Error'))).toBe(true);
    }
  });

  test('a missing object or a database fault are not; a refused write is only to a request', () => {
    expect(isStoreUnavailable(withCode('NoSuchKey', 'S3Error'))).toBe(false);
    // A refusal is a 503 to a request (it names the reason), but background work does not wait for it: an
    // object lock or a policy does not clear by itself.
    expect(isStoreUnavailable(withCode('AccessDenied', 'S3Error'))).toBe(true);
    expect(isStoreOutage(withCode('AccessDenied', 'S3Error'))).toBe(false);
    const db = new DbError('unavailable', 'x', undefined, withCode('ECONNREFUSED'));
    expect(isStoreUnavailable(db)).toBe(false);
    expect(isTransientFault(db)).toBe(true);
    expect(isTransientFault(withCode('ConnectionRefused', 'S3Error'))).toBe(true);
    expect(isTransientFault(new Error('the template is gone'))).toBe(false);
  });
});

describe('background work and a store that refuses', () => {
  test('background work counts a refusal as a failed attempt (an object lock never passes), an outage not', () => {
    const refusal = Object.assign(new Error('Access Denied'), { code: 'AccessDenied', name: 'S3Error' });
    expect(isStoreUnavailable(refusal)).toBe(true);
    expect(storeMisconfiguration(refusal)).toBe('AccessDenied');
    expect(isOutage(refusal)).toBe(false);
    expect(isTransientFault(refusal)).toBe(false);
    const away = Object.assign(new Error('refused'), { code: 'ConnectionRefused' });
    expect(isOutage(away)).toBe(true);
  });
});

describe('the 503 says why the database answered nothing useful', () => {
  const answer = async (error: unknown) => {
    const res = unavailableResponse(createLogger('silent'), 'req_1', 'database', error);
    const body = (await res.json()) as { error: { message: string; details: Record<string, unknown> } };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ...body.error };
  };
  // As drizzle hands it on: its own "Failed query" error, the port's DbError its cause.
  const failedQuery = (cause: unknown) => new Error('Failed query: insert into "customers" …', { cause });

  test('a read-only session (25006) or a hot standby (0A000 from its serializable snapshot): read_only', async () => {
    for (const error of [pgError('25006'), pgError('0A000', 'GetSerializableTransactionSnapshot')]) {
      const said = await answer(failedQuery(fromPostgresError(error)));
      expect([said.status, said.retryAfter]).toEqual([503, '5']);
      expect(said.details).toEqual({ unavailable: 'database', reason: 'read_only' });
      expect(said.message).toContain('takes no writes');
    }
  });

  test('a statement cut off by statement_timeout (57014): timeout', async () => {
    const said = await answer(failedQuery(fromPostgresError(pgError('57014'))));
    expect(said.status).toBe(503);
    expect(said.details).toEqual({ unavailable: 'database', reason: 'timeout' });
    expect(said.message).toContain('statement_timeout');
  });

  test('a database away (a restart, a refused connection): unavailable, no reason, "cannot be reached"', async () => {
    for (const error of [pgError('57P01'), withCode('ECONNREFUSED')]) {
      const said = await answer(failedQuery(fromPostgresError(error)));
      expect(said.details).toEqual({ unavailable: 'database' });
      expect(said.message).toContain('cannot be reached');
    }
  });
});
