// What a backup holds and where each part goes back in a data dir. One table, read by both directions.

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
