// The queue orders of the worker pools (pool-core.ts's QueueOrder) besides first come, first served.
import type { QueueOrder } from './pool-core';

/**
 * Turns between owners (accounts): of the owners waiting, the one with the fewest tasks running, then the
 * one whose turn came longest ago (never: first); its oldest task. One owner's burst of heavy tasks delays
 * another owner's task by at most the tasks already running.
 */
export function turnsByOwner<T>(ownerOf: (task: T) => string): QueueOrder<T> {
  /** When each owner last had a task taken, while tasks wait: the queue's turns. */
  const lastTurn = new Map<string, number>();
  let turn = 0;
  return {
    next(waiting, running) {
      const load = new Map<string, number>();
      for (const task of running) load.set(ownerOf(task), (load.get(ownerOf(task)) ?? 0) + 1);
      const rank = (task: T) => [load.get(ownerOf(task)) ?? 0, lastTurn.get(ownerOf(task)) ?? 0] as const;
      let best = -1;
      for (let i = 0; i < waiting.length; i++) {
        if (best === -1) {
          best = i;
          continue;
        }
        const [taskLoad, taskTurn] = rank(waiting[i] as T);
        const [bestLoad, bestTurn] = rank(waiting[best] as T);
        if (taskLoad < bestLoad || (taskLoad === bestLoad && taskTurn < bestTurn)) best = i;
      }
      return best;
    },
    taken(task) {
      lastTurn.set(ownerOf(task), ++turn);
    },
    // Idle: no turns to remember (the map never outgrows the owners of one busy spell).
    idle() {
      lastTurn.clear();
    },
  };
}

/** In order, except that a heavy task waits while another heavy one runs (lighter ones go past it). */
export function oneHeavyAtATime<T>(heavy: (task: T) => boolean): QueueOrder<T> {
  return {
    next(waiting, running) {
      const heavyRunning = running.some(heavy);
      return waiting.findIndex((task) => !(heavy(task) && heavyRunning));
    },
  };
}
