// The inbox folder (INBOX_DIR) and the `receive` CLI command: files taken into the inbox one by one, each
// moved to processed/ once kept (or found to be kept already) or to failed/ with a .error.txt beside it.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import type { ComplianceDeps } from '../../compliance';
import type { ReceivedDocumentRow } from '../schema';
import type { ReceivedFile } from './parse-received';
import { type ReceivedOriginal, receiveDocument } from './receive-document';

const PDF_MAGIC = '%PDF-';

/** A file's bytes as a received body: a PDF by its magic bytes, anything else read as XML. */
export function receivedOfBytes(bytes: Uint8Array): { file: ReceivedFile; original: ReceivedOriginal } {
  if (new TextDecoder().decode(bytes.subarray(0, 5)) === PDF_MAGIC) {
    return { file: { kind: 'pdf', bytes }, original: { bytes, contentType: 'application/pdf' } };
  }
  return {
    file: { kind: 'xml', xml: new TextDecoder('utf-8').decode(bytes) },
    original: { bytes, contentType: 'application/xml' },
  };
}

/** The files waiting in a folder: regular, not hidden, not still being written (`.part`, `.tmp`). */
export function waitingFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && !/\.(part|tmp|crdownload)$/i.test(name))
    .filter((name) => {
      try {
        return statSync(join(dir, name)).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

/** Moves a file into `dir/sub/`, never over another of the same name. */
function moveInto(path: string, dir: string, sub: 'processed' | 'failed'): string {
  const target = join(dir, sub);
  mkdirSync(target, { recursive: true });
  let name = basename(path);
  for (let n = 2; existsSync(join(target, name)); n++) name = `${basename(path)}.${n}`;
  renameSync(path, join(target, name));
  return join(target, name);
}

export type FolderOutcome =
  | { ok: true; row: ReceivedDocumentRow; created: boolean }
  | { ok: false; message: string };

/** Takes one file of the folder into the account's inbox and moves it on; a missing file is a no-op. */
export async function receiveFromFolder({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: { compliance: ComplianceDeps; blobs: BlobStore };
  input: { dir: string; name: string };
}): Promise<FolderOutcome | null> {
  const path = join(input.dir, input.name);
  if (!existsSync(path)) return null;
  const outcome = await receivePath({ ctx, deps, input: { path } });
  if (outcome.ok) moveInto(path, input.dir, 'processed');
  else {
    const moved = moveInto(path, input.dir, 'failed');
    writeFileSync(`${moved}.error.txt`, `${outcome.message}\n`);
  }
  return outcome;
}

/** One file into the inbox; what is wrong with it is an outcome, not a throw (the CLI reports it). */
export async function receivePath({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: { compliance: ComplianceDeps; blobs: BlobStore };
  input: { path: string };
}): Promise<FolderOutcome> {
  try {
    const { file, original } = receivedOfBytes(new Uint8Array(readFileSync(input.path)));
    const source = { kind: 'folder' as const, fileName: basename(input.path) };
    const { row, created } = await receiveDocument({ ctx, deps, input: { file, original, source } });
    return { ok: true, row, created };
  } catch (error) {
    if (error instanceof DomainError) {
      const fields = (error.details?.fields as { msg: string }[] | undefined) ?? [];
      return {
        ok: false,
        message: [error.message, ...fields.map((f) => f.msg)]
          .filter((m, i, a) => a.indexOf(m) === i)
          .join(': '),
      };
    }
    if (error instanceof Error && 'code' in error) return { ok: false, message: error.message };
    throw error;
  }
}
