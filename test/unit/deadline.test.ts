// `within` (src/shared/deadline.ts): a wait bounded by a time, as the stop's grace, /ready's checks and the
// bucket's answer time use it.
import { expect, test } from 'bun:test';
import { within } from '../../src/shared/deadline';

test("the work's outcome when it comes first, its error too", async () => {
  expect(await within(Promise.resolve('done'), 1_000, () => 'late')).toBe('done');
  const failed = await within(Promise.reject(new Error('broke')), 1_000, () => 'late').catch(
    (error: Error) => error.message,
  );
  expect(failed).toBe('broke');
});

test("late()'s value, or its error, once the time has passed; the work's later outcome is ignored", async () => {
  const slow = Bun.sleep(200).then(() => 'done');
  expect(await within(slow, 20, () => 'late')).toBe('late');
  const refused = await within(slow, 20, () => {
    throw new Error('no answer');
  }).catch((error: Error) => error.message);
  expect(refused).toBe('no answer');
  const failsLater = Bun.sleep(50).then(() => {
    throw new Error('after the bound');
  });
  expect(await within(failsLater, 10, () => 'late')).toBe('late');
  await Bun.sleep(80); // its rejection, after the bound, is handled by the race: nothing unhandled
});
