// An S3-compatible server for tests: s3rver (npm) in this process, on a random loopback port, over a temp
// dir, with one empty bucket. Its access key and secret are its built-in ones (it knows no others).
import { rmSync } from 'node:fs';
import { loadConfig } from '../src/config';
import { S3BlobStore, type S3Settings } from '../src/storage/s3-blob-store';
import { tempDir } from './harness';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

export class TestS3 {
  private constructor(
    private server: S3rverInstance,
    /** Where s3rver keeps the bucket's objects (one folder per bucket). */
    readonly dir: string,
    readonly endpoint: string,
    readonly bucket: string,
  ) {}

  static async start(bucket = 'invoices'): Promise<TestS3> {
    const dir = tempDir('inv-s3rver-');
    const { server, port } = await serve(dir, bucket, 0);
    return new TestS3(server, dir, `http://127.0.0.1:${port}`, bucket);
  }

  /** The server goes away (connections refused), its objects kept: an outage. */
  async halt(): Promise<void> {
    const closed = this.server.close();
    // Kept-alive connections would hold the close until they idle out: cut them, as a crash does.
    (
      this.server as unknown as { httpServer?: { closeAllConnections?(): void } }
    ).httpServer?.closeAllConnections?.();
    await closed;
  }

  /** The halted server back on the same port, with the same objects. */
  async resume(): Promise<void> {
    this.server = (await serve(this.dir, this.bucket, Number(new URL(this.endpoint).port))).server;
  }

  /** The settings as a served process reads them: S3_* env names (harness `s3` option, a CLI's env). */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      S3_BUCKET: this.bucket,
      S3_ENDPOINT: this.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...overrides,
    };
  }

  settings(overrides: Record<string, string> = {}): S3Settings {
    const s3 = loadConfig(this.env(overrides)).s3;
    if (!s3) throw new Error('no S3 settings');
    return s3;
  }

  /** A store on this server's bucket, as the service builds it. */
  store(overrides: Record<string, string> = {}): S3BlobStore {
    return new S3BlobStore(this.settings(overrides));
  }

  /** Every key in the bucket, in key order. */
  async keys(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    for await (const entry of this.store().list(prefix)) keys.push(entry.key);
    return keys;
  }

  async stop(): Promise<void> {
    await this.server.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function serve(dir: string, bucket: string, port: number) {
  const S3rver = require('s3rver') as S3rverConstructor;
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  return { server, port: (await server.run()).port };
}
