// The queue orders of the worker pools (src/workers/pool-order.ts), without workers: which waiting task a
// free worker takes, given what runs.
import { describe, expect, test } from 'bun:test';
import type { QueueOrder } from '../../src/workers/pool-core';
import { oneHeavyAtATime, turnsByOwner } from '../../src/workers/pool-order';

interface Task {
  name: string;
  owner: string;
}
const t = (name: string, owner = name[0] as string): Task => ({ name, owner });

/** The order tasks are taken in by as many workers as `running` holds, the longest-running finishing first. */
function takeAll(order: QueueOrder<Task>, waiting: Task[], running: Task[]): string[] {
  const taken: string[] = [];
  while (waiting.length > 0) {
    const index = order.next(waiting, running);
    const [task] = waiting.splice(index, 1) as [Task];
    order.taken?.(task);
    taken.push(task.name);
    running.shift();
    running.push(task);
  }
  return taken;
}

describe('turns between owners', () => {
  test("one owner's burst does not hold another's task behind it", () => {
    const order = turnsByOwner<Task>((task) => task.owner);
    expect(takeAll(order, [t('a2'), t('a3'), t('b1')], [t('a1')])).toEqual(['b1', 'a2', 'a3']);
  });

  test('the owner with fewer tasks running goes first, then the one whose turn came longest ago', () => {
    const order = turnsByOwner<Task>((task) => task.owner);
    const waiting = [t('a2'), t('b1'), t('c1')];
    // a and b each run one; c runs none.
    expect(order.next(waiting, [t('a1'), t('b0')])).toBe(2);
    order.taken?.(t('b0'));
    // a's turn never came, b's did: a first.
    expect(order.next(waiting.slice(0, 2), [t('a1'), t('b0')])).toBe(0);
    order.taken?.(t('a1'));
    // a's turn came after b's: b first.
    expect(order.next(waiting.slice(0, 2), [t('a1'), t('b0')])).toBe(1);
    // Once idle, the turns are forgotten: in order again.
    order.idle?.();
    expect(order.next(waiting.slice(0, 2), [t('a1'), t('b0')])).toBe(0);
    expect(order.next([], [])).toBe(-1);
  });
});

describe('one heavy task at a time', () => {
  const order = oneHeavyAtATime<Task>((task) => task.name.startsWith('heavy'));

  test('in order while no heavy task runs', () => {
    expect(order.next([t('heavy-1'), t('light')], [t('light-0')])).toBe(0);
  });

  test('a heavy task waits while another runs; a light one goes past it', () => {
    expect(order.next([t('heavy-2'), t('light')], [t('heavy-1')])).toBe(1);
    expect(order.next([t('heavy-2')], [t('heavy-1')])).toBe(-1);
  });
});
