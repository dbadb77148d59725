// A stand-in receive worker for the pool's limit tests: the XML text says how to misbehave.
export {};

declare const self: Worker;

const held: unknown[] = [];

self.onmessage = (event: MessageEvent<{ id: number; file: { kind: string; xml?: string } }>) => {
  const { id, file } = event.data;
  const how = file.xml ?? '';
  if (how === 'hang') for (;;) {} // never answers: only terminate() ends it
  if (how === 'grow') for (;;) held.push(new Float64Array(1 << 20).fill(1)); // 8 MiB more each turn
  if (how.startsWith('busy')) for (let i = 0; i < 2e6; i++) held.length = 0; // some work, then an answer
  self.postMessage({ id, result: { read: { syntax: 'ubl', how }, xml: how } });
};
