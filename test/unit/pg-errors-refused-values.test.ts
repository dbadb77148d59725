// A value PostgreSQL refuses for its type or size (SQLSTATE 22003, 22P02, 22007, 22008, 22001, 54000, 22021,
// 22P05) is the port's `invalid_text`/`invalid_value`, which the error handler answers as the spec's 422,
// logged at error level (a value the service computed itself is a defect to see), never a 500; faults of the
// service's own SQL (an unknown table, a division by zero) stay the 500 they are.
import { describe, expect, test } from 'bun:test';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Elysia } from 'elysia';
import postgres from 'postgres';
import { DbError, dbErrorOf, isRefusedValue } from '../../src/db/errors';
import { fromPostgresError, sqlStateOf } from '../../src/db/postgres-errors';
import { fromSqliteError } from '../../src/db/sqlite-errors';
import { badTextInStatement, errorHandler } from '../../src/http/error-handler';
import { MethodMatcher } from '../../src/http/method-matcher';
import type { LogFields, Logger } from '../../src/shared/logger';

const pgError = (code: string, message = 'x') =>
  new postgres.PostgresError({ code, message } as unknown as ConstructorParameters<
    typeof postgres.PostgresError
  >[0]);

/** As drizzle throws it: its query error (the SQL and its values) around the port's DbError. */
const failedQuery = (code: string, params: unknown[] = ['acc_1'], message = 'x') =>
  new DrizzleQueryError(
    'update "documents" set "data" = $1',
    params,
    fromPostgresError(pgError(code, message)) as Error,
  );

function recordingLogger() {
  const lines: { level: string; msg: string; fields?: LogFields }[] = [];
  const at = (level: string) => (msg: string, fields?: LogFields) => lines.push({ level, msg, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

/** The answer to a request (a write unless said) whose route threw `thrown`. */
async function answerTo(thrown: unknown, method = 'POST', path = '/boom') {
  const { logger, lines } = recordingLogger();
  const boom = () => {
    throw thrown;
  };
  const app = new Elysia()
    .use(errorHandler(logger, () => new MethodMatcher([])))
    .get('/boom', boom)
    .post('/boom', boom);
  const res = await app.handle(new Request(`http://localhost${path}`, { method }));
  return { status: res.status, body: (await res.json()) as any, lines };
}

const REFUSED = ['22003', '22P02', '22007', '22008', '22001', '54000'];

describe('the mapping', () => {
  test('each SQLSTATE of a refused value is its code, with its SQLSTATE kept', () => {
    for (const code of REFUSED) {
      const mapped = fromPostgresError(pgError(code));
      expect({ code, mapped: dbErrorOf(mapped)?.code }).toEqual({ code, mapped: 'invalid_value' });
      expect(isRefusedValue(mapped)).toBe(true);
      expect(sqlStateOf(new DrizzleQueryError('q', [], mapped as Error))).toBe(code);
    }
    for (const code of ['22021', '22P05']) {
      expect(dbErrorOf(fromPostgresError(pgError(code)))?.code).toBe('invalid_text');
    }
  });

  test("the service's own faults are not: an unknown table, a division by zero, a syntax error", () => {
    for (const code of ['42P01', '22012', '42601', '0A000']) {
      const mapped = fromPostgresError(pgError(code));
      expect({ code, mapped: dbErrorOf(mapped)?.code }).toEqual({ code, mapped: 'other' });
      expect(isRefusedValue(mapped)).toBe(false);
    }
  });

  test("SQLite's string or blob past its limit is one too", () => {
    const tooBig = Object.assign(new Error('string or blob too big'), { code: 'SQLITE_TOOBIG' });
    expect(dbErrorOf(fromSqliteError(tooBig))?.code).toBe('invalid_value');
    const other = Object.assign(new Error('integer overflow'), { code: 'SQLITE_ERROR' });
    expect(dbErrorOf(fromSqliteError(other))?.code).toBe('other');
  });
});

describe('the answer', () => {
  test('each is a 422 in the envelope, logged as an error with its SQLSTATE and statement', async () => {
    for (const code of [...REFUSED, '22021', '22P05']) {
      const { status, body, lines } = await answerTo(failedQuery(code));
      expect({ code, status }).toEqual({ code, status: 422 });
      expect(body.error).toMatchObject({ status: 422, code: 'unprocessable_entity' });
      expect(body.error.message).not.toContain('SQLSTATE'); // the engine's words stay in the log
      const logged = lines.filter((line) => line.level === 'error');
      expect(logged).toHaveLength(1);
      expect(logged[0]?.fields).toMatchObject({
        sqlstate: code,
        statement: 'update "documents" set "data" = $1',
      });
      // The values are not logged: the statement's text only.
      expect(JSON.stringify(logged[0]?.fields)).not.toContain('acc_1');
    }
    expect((await answerTo(failedQuery('54000'))).body.error.message).toContain('too long');
    expect((await answerTo(failedQuery('22003'))).body.error.message).toContain('too large');
  });

  test('a kept JSON value with a lone surrogate: the 422 names its place', async () => {
    const data = JSON.stringify({ line_items: [{ name: 'B', taxes: [{ name: 'MwSt \ud800' }] }] });
    expect(data).toContain('\\ud800'); // JSON.stringify writes the lone half as its escape
    const { status, body } = await answerTo(
      failedQuery('22P02', ['finalized', data, 'acc_1'], 'invalid input syntax for type json'),
    );
    expect(status).toBe(422);
    expect(body.error.details.fields).toEqual([
      {
        loc: 'line_items.0.taxes.0.name',
        msg: 'Text must be Unicode: a lone surrogate (\\ud800-\\udfff without its pair) is no character',
        type: 'value_error',
      },
    ]);
    expect(badTextInStatement(failedQuery('22P02', ['plain \u0000 text']))).toEqual({
      loc: null,
      kind: 'nul_character',
    });
    expect(badTextInStatement(failedQuery('22003', ['1', '{"a":"b"}']))).toBeNull();
  });

  test("a read's refusal is the request's only when its URL holds the refused value; else the service's 500", async () => {
    // A sum past its type, a computed date: nothing the request brought.
    const own = await answerTo(failedQuery('22003', ['acc_1', 99999999999]), 'GET');
    expect(own.status).toBe(500);
    expect(own.lines.some((line) => line.level === 'error')).toBe(true);
    // A query's number past a column: the request's.
    const mine = await answerTo(failedQuery('22003', ['acc_1', 99999999999]), 'GET', '/boom?n=99999999999');
    expect(mine.status).toBe(422);
  });

  test('any other database fault is still the 500 it is, logged', async () => {
    for (const code of ['42P01', '22012']) {
      const { status, body, lines } = await answerTo(failedQuery(code));
      expect(status).toBe(500);
      expect(body.error.code).toBe('internal_error');
      expect(lines.some((line) => line.level === 'error')).toBe(true);
    }
    const other = new DbError('other', 'x', undefined, new Error('x'));
    expect((await answerTo(other)).status).toBe(500);
  });
});
