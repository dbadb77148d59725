// Named leases (src/jobs/lease.ts) between two instances: two connections to one SQLite file, one clock the
// test moves. One holder at a time; the holder renews; a holder that stops renewing (killed) loses the lease
// when its time is up; a clean release hands it over at once.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import {
  acquireLease,
  InstanceLeases,
  leased,
  leaseHolder,
  releaseLease,
  renewLease,
} from '../../src/jobs/lease';
import { FakeClock } from '../../src/shared/clock';

const temp = mkdtempSync(join(tmpdir(), 'leases-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let n = 0;
const TTL = 30_000;

/** Two instances' connections to one fresh database file, sharing a fake clock. */
function twoInstances() {
  const file = join(temp, `l${n++}.sqlite`);
  const a = openDatabase(file);
  migrate(a.sqlite);
  const b = openDatabase(file);
  const clock = new FakeClock();
  return { a: { db: a.db, clock }, b: { db: b.db, clock }, clock };
}

test('one holder at a time; renewal extends; expiry lets the other take over; the old holder cannot renew', async () => {
  const { a, b, clock } = twoInstances();
  expect(await acquireLease(a, 'intake.inbox', 'A', TTL)).toBe(true);
  expect(await acquireLease(b, 'intake.inbox', 'B', TTL)).toBe(false);
  expect((await leaseHolder(b, 'intake.inbox'))?.holder).toBe('A');

  clock.advance(TTL - 1_000);
  expect(await renewLease(a, 'intake.inbox', 'A', TTL)).toBe(true);
  clock.advance(TTL - 1_000); // past the first term, inside the renewed one
  expect(await acquireLease(b, 'intake.inbox', 'B', TTL)).toBe(false);

  clock.advance(2_000); // A stopped renewing (killed): its time is up
  expect(await leaseHolder(b, 'intake.inbox')).toBeUndefined();
  expect(await acquireLease(b, 'intake.inbox', 'B', TTL)).toBe(true);
  expect(await renewLease(a, 'intake.inbox', 'A', TTL)).toBe(false);
  expect(await acquireLease(a, 'intake.inbox', 'A', TTL)).toBe(false);
  expect((await leaseHolder(a, 'intake.inbox'))?.holder).toBe('B');

  expect(await releaseLease(a, 'intake.inbox', 'A')).toBe(false); // not A's to give up
  expect(await releaseLease(b, 'intake.inbox', 'B')).toBe(true);
  expect(await acquireLease(a, 'intake.inbox', 'A', TTL)).toBe(true);
  // Leases are independent by name.
  expect(await acquireLease(b, 'intake.mailbox', 'B', TTL)).toBe(true);
});

test('two instances taking a free lease at the same moment: exactly one wins', async () => {
  for (let round = 0; round < 20; round++) {
    const { a, b } = twoInstances();
    const won = await Promise.all([
      acquireLease(a, 'intake.inbox', 'A', TTL),
      acquireLease(b, 'intake.inbox', 'B', TTL),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
  }
});

test('a leased source runs on the holder only, and on the other once the holder is gone', async () => {
  const { a, b, clock } = twoInstances();
  const leasesA = new InstanceLeases(a, TTL);
  const leasesB = new InstanceLeases(b, TTL);
  expect(leasesA.instanceId).not.toBe(leasesB.instanceId);
  const polls: string[] = [];
  const sourceA = leased(leasesA.lease('intake.inbox'), async () => void polls.push('A'));
  const sourceB = leased(leasesB.lease('intake.inbox'), async () => void polls.push('B'));

  for (let tick = 0; tick < 5; tick++) {
    await Promise.all([sourceA(), sourceB()]);
    clock.advance(TTL / 4); // A renews when half its time has passed
  }
  expect(polls).toEqual(['A', 'A', 'A', 'A', 'A']);
  expect(leasesA.lease('intake.inbox').holding()).toBe(true);
  expect(leasesB.lease('intake.inbox').holding()).toBe(false);

  // A is killed: it polls no more, so it renews no more. B takes over once A's time is up.
  polls.length = 0;
  for (let tick = 0; tick < 6; tick++) {
    await sourceB();
    clock.advance(TTL / 4);
  }
  expect(polls.length).toBeGreaterThan(0);
  expect(polls.length).toBeLessThan(6); // not before A's time was up
  expect((await leaseHolder(a, 'intake.inbox'))?.holder).toBe(leasesB.instanceId);

  // B stops cleanly: it gives the lease up, and A (restarted) takes it at its next poll.
  await leasesB.releaseAll();
  polls.length = 0;
  await sourceA();
  await sourceB();
  expect(polls).toEqual(['A']);
});
