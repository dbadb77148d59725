// A recording proxy in front of s3rver (test/s3rver.ts): the S3 requests a store sends, as the bucket sees
// them (method, key, query, body size), and faults a test injects. It also answers AbortMultipartUpload
// (204, as S3 does), which s3rver does not implement (405): Bun would otherwise retry the abort.
import type { S3BlobStore } from '../src/storage/s3-blob-store';
import type { TestS3 } from './s3rver';

export interface S3Request {
  method: string;
  key: string;
  query: URLSearchParams;
  /** The request body's size in bytes. */
  bytes: number;
}

/** What the requests for one key say about how it was written. */
export interface UploadShape {
  /** Single PUTs of the whole object. */
  puts: number;
  /** CreateMultipartUpload, UploadPart (each try, in order), CompleteMultipartUpload, AbortMultipartUpload. */
  creates: number;
  parts: { number: number; bytes: number }[];
  completes: number;
  aborts: number;
}

export class S3Proxy {
  readonly requests: S3Request[] = [];
  /** Answers a request instead of s3rver when it returns a response (a failing part, say). */
  fault: ((request: S3Request) => Response | null) | null = null;

  private constructor(
    private readonly s3: TestS3,
    private readonly server: ReturnType<typeof Bun.serve>,
  ) {}

  static start(s3: TestS3): S3Proxy {
    const bucketPath = `/${s3.bucket}/`;
    const proxy: S3Proxy = new S3Proxy(
      s3,
      Bun.serve({
        hostname: '127.0.0.1',
        port: 0,
        maxRequestBodySize: 64 * 1024 * 1024,
        async fetch(request) {
          const url = new URL(request.url);
          const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
          const key = url.pathname.startsWith(bucketPath)
            ? decodeURIComponent(url.pathname.slice(bucketPath.length))
            : '';
          const seen = { method: request.method, key, query: url.searchParams, bytes: body?.byteLength ?? 0 };
          proxy.requests.push(seen);
          const fault = proxy.fault?.(seen);
          if (fault) return fault;
          if (request.method === 'DELETE' && url.searchParams.has('uploadId'))
            return new Response(null, { status: 204 });
          const headers = new Headers(request.headers);
          // No kept-alive connection to s3rver: its close() would wait for them.
          headers.set('connection', 'close');
          const answer = await fetch(`${s3.endpoint}${url.pathname}${url.search}`, {
            method: request.method,
            headers,
            body,
          });
          return new Response(await answer.arrayBuffer(), { status: answer.status, headers: answer.headers });
        },
      }),
    );
    return proxy;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.server.port}`;
  }

  /** S3_* settings that reach the bucket through this proxy (harness option `s3`). */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    return this.s3.env({ S3_ENDPOINT: this.endpoint, ...overrides });
  }

  /** A store on the bucket, through this proxy. */
  store(): S3BlobStore {
    return this.s3.store({ S3_ENDPOINT: this.endpoint });
  }

  /** How `key` was written, from the requests seen so far. */
  shapeOf(key: string): UploadShape {
    const shape: UploadShape = { puts: 0, creates: 0, parts: [], completes: 0, aborts: 0 };
    for (const r of this.requests.filter((request) => request.key === key)) {
      const part = r.query.get('partNumber');
      if (r.method === 'PUT' && part !== null) shape.parts.push({ number: Number(part), bytes: r.bytes });
      else if (r.method === 'PUT') shape.puts += 1;
      else if (r.method === 'POST' && r.query.has('uploads')) shape.creates += 1;
      else if (r.method === 'POST' && r.query.has('uploadId')) shape.completes += 1;
      else if (r.method === 'DELETE' && r.query.has('uploadId')) shape.aborts += 1;
    }
    return shape;
  }

  async stop(): Promise<void> {
    await this.server.stop(true);
  }
}

/** An S3 error answer, as a bucket gives it. */
export function s3Error(status: number, code: string): Response {
  return new Response(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`, {
    status,
    headers: { 'content-type': 'application/xml' },
  });
}

/** Resolves once `condition` holds; rejects after `ms` (the test then fails saying what never happened). */
export async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await Bun.sleep(5);
  }
}
