// A stand-in receive worker that never answers: the pool's time limit is all that ends its work.
export {};

declare const self: Worker;

self.onmessage = () => {
  for (;;) {}
};
