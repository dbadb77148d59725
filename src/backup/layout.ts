// What a backup holds and where each part goes back in a data dir. One table, read by both directions.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const MANIFEST_NAME = 'backup.json';
export const DATABASE_ENTRY = 'database/invoice-service.db';
export const SECRET_ENTRY = 'signing-secret';
export const BLOBS_PREFIX = 'blobs/';

export interface BackupManifest {
  format: 'invoice-service-backup';
  format_version: 1;
  created_at: string;
  service_version: string;
  /** Migrations applied to the snapshot: a restore by an older service version is refused. */
  migrations: number;
  files: number;
}

/** Same rule as the blob store's keys: no `..`, no absolute path, a plain character set. */
export function isSafeBlobPath(path: string): boolean {
  return (
    /^[a-zA-Z0-9_\-./]+$/.test(path) &&
    !path.split('/').some((part) => part === '..' || part === '') &&
    !path.startsWith('/')
  );
}

/**
 * The staging folder of a restore, one name per target: inside an existing DATA_DIR, or beside one that
 * does not exist yet (src/backup/restore-backup.ts).
 */
export const STAGING_INSIDE = '.restore-in-progress';
export const STAGING_BESIDE = '.restoring-in-progress';

export const stagingBeside = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}${STAGING_BESIDE}`;

/** The staging folder a restore into `dataDir` left or is filling (running, or killed outright); else null. */
export function restoreStagingOf(dataDir: string): string | null {
  for (const staging of [join(dataDir, STAGING_INSIDE), stagingBeside(dataDir)]) {
    if (existsSync(staging)) return staging;
  }
  return null;
}
