import { S3Client } from 'bun';
import { within } from '../shared/deadline';
import { DomainError } from '../shared/errors';
import { randomToken } from '../shared/ids';
import { assertBlobKey, type BlobEntry, type BlobSource, type BlobStore, probe } from './blob-store';
import { pulledStream, storeTimedOut, uploaded, wholeStream } from './s3-streams';

export { wholeStream } from './s3-streams';

/** What an S3-compatible bucket needs (config.ts reads it from S3_* or, as fallbacks, AWS_*). */
export interface S3Settings {
  bucket: string;
  /** null = AWS itself (the region's endpoint). */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`: what MinIO, Ceph, Garage and
   * s3rver expect. S3_PATH_STYLE; default on when an endpoint is given, off for AWS.
   */
  pathStyle: boolean;
  /** S3_ANSWER_TIMEOUT_SECONDS: how long a request waits for the store's answer (see `S3BlobStore.answered`). */
  answerTimeoutSeconds?: number;
}

/** S3_ANSWER_TIMEOUT_SECONDS by default. */
export const DEFAULT_S3_ANSWER_TIMEOUT_SECONDS = 90;

const isMissing = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'NoSuchKey' ||
  (error as { name?: string } | null)?.name === 'NoSuchKey';

/**
 * A streamed write's multipart upload: parts of 5 MiB (S3's smallest but the last; 10,000 parts make 48 GiB),
 * at most two uploading while the next one fills, so a write holds about three parts whatever its size.
 */
export const MULTIPART = { partSize: 5 * 1024 * 1024, queueSize: 2 } as const;

/** S3 error codes that mean "the store cannot take this object", as ENOSPC does for the data dir. */
const STORAGE_FULL_CODES: Record<string, string> = {
  XMinioStorageFull: 'the object store is full',
  QuotaExceeded: "the bucket's quota is exceeded",
  InsufficientStorage: 'the object store is full',
};

/**
 * An answer that is no S3 error: Bun's S3 client calls it `UnknownError` and makes its body the message
 * (measured: a 502, 503 or 504 with an HTML page, as nginx or a load balancer in front of MinIO answers
 * while MinIO is down, or a 503 with no body). It never names the request's fault and it does not say
 * which status came: an error of the store (code `UnreadableAnswer`, src/storage/unavailable.ts: a 503 and,
 * to background work, an outage), with a message an operator can read instead of a proxy's whole page.
 * Before, a request answered 500, and a background archive failed for good with the page as its error.
 */
export function s3AnswerError(error: unknown): unknown {
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  if (name !== 'S3Error' || code !== 'UnknownError') return error;
  const text =
    typeof message === 'string'
      ? message
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  const said = text === '' || text === 'an unexpected error has occurred' ? '' : `: "${text.slice(0, 80)}"`;
  return Object.assign(
    new Error(`the object store gave an answer that is no S3 answer (a proxy in front of it?)${said}`, {
      cause: error,
    }),
    { code: 'UnreadableAnswer' },
  );
}

/** A write the bucket refused for space is insufficient_storage (507), as a full disk is; others stay. */
export function s3StorageError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !(code in STORAGE_FULL_CODES)) return s3AnswerError(error);
  return new DomainError(
    'insufficient_storage',
    `The file could not be stored: ${STORAGE_FULL_CODES[code]}`,
    {
      reason: code,
    },
  );
}

/**
 * Blobs as objects of one bucket, through Bun's built-in S3 client (chosen over the AWS SDK by test against
 * s3rver: put, get, streamed get, list, delete and the signing all passed, with no dependency; docs/storage.md).
 * `put` is one PUT and `putStream` one multipart upload: either way an object appears whole or not at all,
 * so no temp-name step is needed.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly answerMs: number;

  /**
   * How long a streamed write may go without the store taking more of it: the answer time, plus a second
   * per MiB of the parts it may hold at once (uploading, and the next one filled), as `answered` allows.
   */
  private readonly stalledUploadMs: number;

  constructor(settings: S3Settings) {
    this.answerMs = (settings.answerTimeoutSeconds ?? DEFAULT_S3_ANSWER_TIMEOUT_SECONDS) * 1000;
    this.stalledUploadMs =
      this.answerMs + ((MULTIPART.queueSize + 1) * MULTIPART.partSize * 1000) / 1_048_576;
    this.client = new S3Client({
      bucket: settings.bucket,
      region: settings.region,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
      virtualHostedStyle: !settings.pathStyle,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType?: string): Promise<void> {
    assertBlobKey(key);
    try {
      await this.answered(
        this.client.write(key, bytes, contentType === undefined ? {} : { type: contentType }),
        bytes.byteLength,
      );
    } catch (error) {
      throw s3StorageError(error);
    }
  }

  /**
   * One multipart upload fed from `source` (a source shorter than a part is one PUT). Bun's S3 client reads
   * the stream a part at a time as the parts go out, and when the stream errors or a part fails for good it
   * sends AbortMultipartUpload, cancels the stream and rejects: no object, the earlier one untouched. Not
   * `S3File.writer()`: in Bun 1.4.5 `writer().end(error)` still completes the upload, publishing the part
   * written so far under the key (measured against s3rver), and a writer has no other way to give up.
   */
  async putStream(key: string, source: BlobSource, contentType?: string): Promise<number> {
    assertBlobKey(key);
    let size = 0;
    const body = pulledStream(source, (bytes) => {
      size += bytes;
    });
    const write = this.client.write(key, new Response(body.stream), {
      ...MULTIPART,
      ...(contentType === undefined ? {} : { type: contentType }),
    });
    try {
      await uploaded(write, body, this.stalledUploadMs);
    } catch (error) {
      throw s3StorageError(error);
    }
    return size;
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertBlobKey(key);
    try {
      return await this.answered(this.client.file(key).bytes());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * The object's size first (a HEAD: a missing object is a null here, not a response that breaks after its
   * headers were sent), then one GET passed on as it arrives, checked against that size: a body that ends
   * short (a CI run saw 2.9 of 3.1 MB come through from s3rver, without an error) is read on from where
   * it stopped with a ranged GET, and errors if it still falls short: never a silently cut file.
   */
  async stream(key: string): Promise<ReadableStream<Uint8Array> | null> {
    assertBlobKey(key);
    const file = this.client.file(key);
    let size: number;
    try {
      size = (await this.answered(file.stat())).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return wholeStream(size, (offset) => (offset === 0 ? file : file.slice(offset)).stream(), this.answerMs);
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.answered(this.client.delete(key));
  }

  /**
   * ListObjectsV2 pages of up to 1,000 keys, each asked for when the previous one is used up. A page is
   * sorted here: S3 lists in key order, but some compatible servers (s3rver) in their disk's order.
   */
  async *list(prefix: string): AsyncIterable<BlobEntry> {
    if (prefix !== '') assertBlobKey(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.answered(
        this.client.list({ prefix, ...(continuationToken ? { continuationToken } : {}) }),
      );
      const entries = (page.contents ?? []).map((object) => ({ key: object.key, size: object.size ?? 0 }));
      yield* entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
  }

  async check(): Promise<void> {
    return await probe(this, `.probe/${randomToken(6)}`);
  }

  /**
   * `request`'s outcome, or once the answer time has passed (a second more per MiB it sends), an error the
   * service answers 503 `unavailable: storage` (code `TimedOut`, src/storage/unavailable.ts): a store that
   * stops answering without closing its connections (frozen, the network to it cut) would otherwise hold
   * the request, and Bun's S3 client has no time limit of its own. The request itself cannot be called
   * off: a write that lands after all is an object no row names, as after any failed request.
   */
  private answered<T>(request: Promise<T>, sending = 0): Promise<T> {
    const ms = this.answerMs + Math.ceil(sending / 1_048_576) * 1000;
    const mapped = request.catch((error: unknown) => {
      throw s3AnswerError(error);
    });
    return within(mapped, ms, () => {
      throw storeTimedOut(`the object store did not answer within ${ms / 1000} s`);
    });
  }
}
