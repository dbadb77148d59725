// A stand-in worker for the pool's own tests: answers each task with its value after `ms` milliseconds.
declare const self: Worker;

self.onmessage = (event: MessageEvent<{ id: number; value: string; ms: number }>) => {
  const { id, value, ms } = event.data;
  setTimeout(() => self.postMessage({ id, value }), ms);
};
