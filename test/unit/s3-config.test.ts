// S3_* settings (with the AWS tools' names as fallbacks), path-style addressing, and the signing secret
// every instance on one bucket agrees on without a file in its data dir.
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signingSecret } from '../../src/cli/runtime';
import { ConfigError, loadConfig } from '../../src/config';
import { s3StorageError } from '../../src/storage/s3-blob-store';

const tempDir = () => mkdtempSync(join(tmpdir(), 'inv-s3-config-'));

const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret-1' };

describe('S3 settings', () => {
  test('none without S3_BUCKET, even when AWS_* names are set', () => {
    expect(loadConfig({ AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' }).s3).toBeNull();
  });

  test('an endpoint means path-style by default; S3_PATH_STYLE=false turns it off', () => {
    const env = { S3_BUCKET: 'inv', S3_ENDPOINT: 'http://minio.local:9000/', ...keys };
    expect(loadConfig(env).s3).toEqual({
      bucket: 'inv',
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret-1',
      pathStyle: true,
      answerTimeoutSeconds: 90,
    });
    expect(loadConfig({ ...env, S3_PATH_STYLE: 'false' }).s3?.pathStyle).toBe(false);
    // How long a request to the bucket waits for its answer (src/storage/s3-blob-store.ts, `answered`).
    expect(loadConfig({ ...env, S3_ANSWER_TIMEOUT_SECONDS: '5' }).s3?.answerTimeoutSeconds).toBe(5);
    expect(() => loadConfig({ ...env, S3_ANSWER_TIMEOUT_SECONDS: '0' })).toThrow('S3_ANSWER_TIMEOUT_SECONDS');
    // AWS itself: no endpoint, virtual-hosted style unless asked.
    expect(loadConfig({ S3_BUCKET: 'inv', S3_REGION: 'eu-central-1', ...keys }).s3).toMatchObject({
      endpoint: null,
      region: 'eu-central-1',
      pathStyle: false,
    });
  });

  test('the AWS_* names are read when the S3_* ones are missing, never over them', () => {
    const aws = {
      AWS_ACCESS_KEY_ID: 'AKIA-AWS',
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      AWS_REGION: 'eu-west-1',
      AWS_ENDPOINT_URL: 'https://s3.example.net',
    };
    expect(loadConfig({ S3_BUCKET: 'inv', ...aws }).s3).toEqual({
      bucket: 'inv',
      endpoint: 'https://s3.example.net',
      region: 'eu-west-1',
      accessKeyId: 'AKIA-AWS',
      secretAccessKey: 'aws-secret',
      pathStyle: true,
      answerTimeoutSeconds: 90,
    });
    expect(loadConfig({ S3_BUCKET: 'inv', ...aws, ...keys, S3_REGION: 'auto' }).s3).toMatchObject({
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret-1',
      region: 'auto',
    });
    // Flags override env as for every setting.
    expect(loadConfig({ S3_BUCKET: 'inv', ...keys }, { 's3-bucket': 'other' }).s3?.bucket).toBe('other');
  });

  test('missing keys, a bad endpoint or a bad S3_PATH_STYLE stop start-up; no secret is echoed', () => {
    expect(() => loadConfig({ S3_BUCKET: 'inv', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'inv', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(
      'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ S3_BUCKET: 'inv', S3_ENDPOINT: 'minio:9000', ...keys })).toThrow('S3_ENDPOINT');
    expect(() => loadConfig({ S3_BUCKET: 'inv', S3_ENDPOINT: 'ftp://x', ...keys })).toThrow('S3_ENDPOINT');
    expect(() => loadConfig({ S3_BUCKET: 'inv', S3_PATH_STYLE: 'yes', ...keys })).toThrow('S3_PATH_STYLE');
    try {
      loadConfig({ S3_BUCKET: 'inv', S3_ENDPOINT: 'nope', ...keys });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-1');
    }
  });
});

describe('the signing secret with a bucket', () => {
  test('instances on one bucket with separate data dirs agree on it, and none writes it to its data dir', () => {
    const [a, b] = [tempDir(), tempDir()];
    try {
      const env = { S3_BUCKET: 'inv', S3_ENDPOINT: 'http://127.0.0.1:9', ...keys };
      const first = signingSecret(loadConfig({ ...env, DATA_DIR: a }));
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(signingSecret(loadConfig({ ...env, DATA_DIR: b }))).toBe(first);
      expect(existsSync(join(a, 'signing-secret')) || existsSync(join(b, 'signing-secret'))).toBe(false);
      // Another bucket or another secret key: another secret. SIGNING_SECRET wins over all of it.
      expect(signingSecret(loadConfig({ ...env, DATA_DIR: a, S3_BUCKET: 'other' }))).not.toBe(first);
      expect(signingSecret(loadConfig({ ...env, DATA_DIR: a, S3_SECRET_ACCESS_KEY: 'secret-2' }))).not.toBe(
        first,
      );
      const set = 'a-shared-secret-of-32-characters';
      expect(signingSecret(loadConfig({ ...env, DATA_DIR: a, SIGNING_SECRET: set }))).toBe(set);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });
});

describe('a bucket that cannot take a file', () => {
  test('a full store or an exceeded quota is insufficient_storage (507), as a full disk is; other errors stay', () => {
    for (const code of ['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorage']) {
      const error = Object.assign(new Error('refused'), { code });
      expect(s3StorageError(error)).toMatchObject({
        code: 'insufficient_storage',
        details: { reason: code },
      });
    }
    const other = Object.assign(new Error('denied'), { code: 'AccessDenied' });
    expect(s3StorageError(other)).toBe(other);
    expect(s3StorageError(null)).toBeNull();
  });
});
