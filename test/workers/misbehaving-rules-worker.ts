// A stand-in rules worker for the pool's limit tests: the profile name (or a `<record/>` document) says how
// to misbehave.
import { threadId } from 'node:worker_threads';

declare const self: Worker;

const held: unknown[] = [];

self.onmessage = (event: MessageEvent<{ id: number; profile: string; xml: string }>) => {
  const { id, profile, xml } = event.data;
  // Loading its rules, as the real worker does before the check (rules-worker.ts): never, or slowly.
  if (profile === 'hang-loading') for (;;) {}
  if (profile === 'slow-loading') Bun.sleepSync(700);
  self.postMessage({ id, loaded: true });
  if (profile === 'hang') for (;;) {}
  if (profile === 'grow') for (;;) held.push(new Float64Array(1 << 20).fill(1));
  if (xml.startsWith('<record')) {
    // Which worker ran which part, and when: the scheduling tests read it back from the finding.
    const start = Date.now();
    Bun.sleepSync(150);
    const message = JSON.stringify({ thread: threadId, start, end: Date.now() });
    const finding = { rule: 'RECORD', path: '/', message, severity: 'information', ruleset: 'xsd' };
    self.postMessage({ id, result: { rulesets: [], violations: [finding] } });
    return;
  }
  self.postMessage({ id, result: { rulesets: [], violations: [] } });
};
