/**
 * `work`'s outcome, or what `late()` gives (or throws) once `ms` have passed without one: a wait that must
 * not outlast its bound (a grace period, a dependency that stopped answering). The timer is cleared either
 * way; `work` itself goes on, since a promise cannot be called off, and its later outcome is ignored.
 */
export function within<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}
