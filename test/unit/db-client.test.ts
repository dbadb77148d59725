import { describe, expect, test } from 'bun:test';
import { openDatabase } from '../../src/db/client';

describe('openDatabase statement cache', () => {
  test('reuses compiled statements by SQL text and still answers right after many distinct texts', () => {
    const { sqlite, close } = openDatabase(':memory:');
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
    const insert = 'INSERT INTO t (id, v) VALUES (?, ?)';
    expect(sqlite.prepare(insert)).toBe(sqlite.prepare(insert));
    sqlite.prepare(insert).run(1, 'one');
    // More distinct texts than the cache holds: the first ones are evicted and compiled again.
    for (let i = 0; i < 700; i++) expect(sqlite.prepare(`SELECT ${i} AS n`).get()).toEqual({ n: i });
    expect(sqlite.prepare('SELECT v FROM t WHERE id = ?').get(1)).toEqual({ v: 'one' });
    // A statement that failed (unique violation) works on its next use.
    expect(() => sqlite.prepare(insert).run(2, 'one')).toThrow();
    sqlite.prepare(insert).run(2, 'two');
    expect(sqlite.prepare('SELECT count(*) AS c FROM t').get()).toEqual({ c: 2 });
    close();
  });
});
