// A stand-in rules worker for the pool's limit tests: the profile name says how to misbehave.
export {};

declare const self: Worker;

const held: unknown[] = [];

self.onmessage = (event: MessageEvent<{ id: number; profile: string }>) => {
  const { id, profile } = event.data;
  if (profile === 'hang') for (;;) {}
  if (profile === 'grow') for (;;) held.push(new Float64Array(1 << 20).fill(1));
  self.postMessage({ id, result: { rulesets: [], violations: [] } });
};
