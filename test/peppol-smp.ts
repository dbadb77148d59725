// An SMP on 127.0.0.1 (SMP 1.x REST): serves recorded ServiceMetadata (test/fixtures/peppol/) per
// participant and document type, 404 for anything not recorded. It decodes the request path as a real SMP
// does, so a document type whose `#` was not percent-encoded arrives cut short and is not found.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'bun';

export const FIXTURES = join(import.meta.dir, 'fixtures', 'peppol');

/** A recorded answer, with `{{NAME}}` placeholders filled from `vars`. */
export function fixture(name: string, vars: Record<string, string> = {}): string {
  return readFileSync(join(FIXTURES, name), 'utf8').replace(/\{\{(\w+)\}\}/g, (all, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`fixture ${name}: no value for ${all}`);
    return value;
  });
}

export type SmpAnswer = string | { status: number; body?: string; headers?: Record<string, string> };

export interface PeppolSmp {
  /** The base URL a NAPTR record names (with the path prefix, no trailing slash). */
  url: string;
  /** Each request's path as sent (still percent-encoded). */
  requests: string[];
  /** Records an answer for a participant (`0088:123`, case-insensitive) and a document type id. */
  answer(participant: string, documentType: string, answer: SmpAnswer): void;
  stop(): void;
}

export function startPeppolSmp(options: { prefix?: string } = {}): PeppolSmp {
  const prefix = options.prefix ?? '';
  const answers = new Map<string, SmpAnswer>();
  const requests: string[] = [];
  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const path = new URL(request.url).pathname;
      requests.push(path);
      const match = /^(.*)\/([^/]+)\/services\/([^/]+)$/.exec(path);
      if (request.method !== 'GET' || !match || match[1] !== prefix) return new Response('', { status: 404 });
      const who = decodeURIComponent(match[2] as string);
      const what = decodeURIComponent(match[3] as string);
      if (!who.startsWith('iso6523-actorid-upis::') || !what.startsWith('busdox-docid-qns::')) {
        return new Response('', { status: 404 });
      }
      const participant = who.slice('iso6523-actorid-upis::'.length).toLowerCase();
      const recorded = answers.get(`${participant}|${what.slice('busdox-docid-qns::'.length)}`);
      if (recorded === undefined) return new Response('Not found', { status: 404 });
      if (typeof recorded === 'string') {
        return new Response(recorded, { headers: { 'content-type': 'text/xml;charset=utf-8' } });
      }
      return new Response(recorded.body ?? '', { status: recorded.status, headers: recorded.headers });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}${prefix}`,
    requests,
    answer: (participant, documentType, answer) =>
      answers.set(`${participant.toLowerCase()}|${documentType}`, answer),
    stop: () => server.stop(true),
  };
}
