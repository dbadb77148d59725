// The inbox folder (INBOX_DIR) and the `receive` CLI command: files taken into the inbox one by one, each
// moved to processed/ once kept (or found to be kept already) or to failed/ with a .error.txt beside it.
// Anyone who can write to the folder can plant links, so nothing here follows one: a file is opened with
// O_NOFOLLOW and must be a regular file inside the folder, no bigger than an HTTP body; processed/ and
// failed/ must be real folders (a link there stops the service from starting); error files are created
// with O_EXCL (which never follows a link); an error file never repeats the file's content.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { receivedXmlText } from '../../../einvoicing/xml-text';
import type { AccountCtx } from '../../../shared/context';
import { DomainError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import type { ReceivedDocumentRow } from '../schema';
import type { ReceivedFile, ReceivingDeps } from './parse-received';
import { type ReceivedOriginal, receiveDocument } from './receive-document';

const PDF_MAGIC = '%PDF-';

/** As MAX_BODY_BYTES' default: a file the HTTP inbox would refuse is not read from the folder either. */
export const DEFAULT_FOLDER_MAX_BYTES = 10 * 1024 * 1024;

const SUBFOLDERS = ['processed', 'failed'] as const;

/** A file's bytes as a received body: a PDF by its magic bytes, anything else read as XML. */
export function receivedOfBytes(bytes: Uint8Array): { file: ReceivedFile; original: ReceivedOriginal } {
  if (new TextDecoder().decode(bytes.subarray(0, 5)) === PDF_MAGIC) {
    return { file: { kind: 'pdf', bytes }, original: { bytes, contentType: 'application/pdf' } };
  }
  return {
    file: { kind: 'xml', xml: receivedXmlText(bytes) },
    original: { bytes, contentType: 'application/xml' },
  };
}

const lstatOf = (path: string) => lstatSync(path, { throwIfNoEntry: false });

/**
 * processed/ and failed/ are created when missing; an existing one must be a real folder, never a link
 * (files moved or written there would land wherever it points). Run at start: the service refuses to start.
 */
export function assertInboxFolders(dir: string): void {
  for (const sub of SUBFOLDERS) {
    const stat = lstatOf(join(dir, sub));
    if (stat && !stat.isDirectory()) {
      throw new Error(
        `INBOX_DIR: ${join(dir, sub)} is ${stat.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}; remove it or make it a real folder`,
      );
    }
  }
}

/** The files waiting in a folder: regular (links are not followed), not hidden, not still being written. */
export function waitingFiles(dir: string): string[] {
  if (!lstatOf(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && !/\.(part|tmp|crdownload)$/i.test(name))
    .filter((name) => {
      const stat = lstatOf(join(dir, name));
      return stat !== undefined && (stat.isFile() || stat.isSymbolicLink());
    })
    .sort();
}

/** Moves a directory entry (a link itself, never what it points to) into `dir/sub/`, never over another. */
function moveInto(path: string, dir: string, sub: (typeof SUBFOLDERS)[number]): string {
  const target = join(dir, sub);
  mkdirSync(target, { recursive: true });
  assertInboxFolders(dir);
  let name = basename(path);
  for (let n = 2; lstatOf(join(target, name)) || lstatOf(join(target, `${name}.error.txt`)); n++) {
    name = `${basename(path)}.${n}`;
  }
  renameSync(path, join(target, name));
  return join(target, name);
}

/** Writes a new file; O_EXCL makes an existing entry (a planted link included) an error, never a target. */
function createNew(path: string, text: string): void {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

export type FolderOutcome =
  | { ok: true; row: ReceivedDocumentRow; created: boolean }
  | { ok: false; message: string };

type FolderDeps = ReceivingDeps & { blobs: BlobStore };

/** Takes one file of the folder into the account's inbox and moves it on; a missing file is a no-op. */
export async function receiveFromFolder({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: FolderDeps;
  input: { dir: string; name: string; maxBytes?: number };
}): Promise<FolderOutcome | null> {
  // Names come from the folder's listing; one that is not a plain name of the folder is not ours to touch.
  if (input.name !== basename(input.name) || input.name === '..' || input.name === '.') return null;
  const path = join(input.dir, input.name);
  if (!lstatOf(path)) return null;
  const outcome = await receivePath({ ctx, deps, input: { path, maxBytes: input.maxBytes } });
  if (outcome.ok) moveInto(path, input.dir, 'processed');
  else {
    const moved = moveInto(path, input.dir, 'failed');
    try {
      createNew(`${moved}.error.txt`, `${outcome.message}\n`);
    } catch {
      // Another file took the name meanwhile: the reason is in the log (the job logs each refusal).
    }
  }
  return outcome;
}

/**
 * Opens a file without following a link, checks it is a regular file no bigger than `maxBytes`, and only
 * then reads it (from the same descriptor, so what was checked is what is read).
 */
function readRegularFile(path: string, maxBytes: number): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK')
      throw refused('It is a symbolic link: links are not followed, the file was not read');
    throw refused(`It cannot be opened (${code ?? 'error'})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw refused('It is not a regular file: it was not read');
    if (stat.size > maxBytes) {
      throw refused(
        `It is ${stat.size} bytes, larger than the ${maxBytes}-byte limit (MAX_BODY_BYTES): it was not read`,
      );
    }
    const bytes = new Uint8Array(stat.size);
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

const refused = (message: string) => new DomainError('unprocessable_entity', message);

/** One file into the inbox; what is wrong with it is an outcome, not a throw (the CLI reports it). */
export async function receivePath({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: FolderDeps;
  input: { path: string; maxBytes?: number };
}): Promise<FolderOutcome> {
  let bytes: Uint8Array | null = null;
  try {
    bytes = readRegularFile(input.path, input.maxBytes ?? DEFAULT_FOLDER_MAX_BYTES);
    const { file, original } = receivedOfBytes(bytes);
    const source = { kind: 'folder' as const, fileName: basename(input.path) };
    const { row, created } = await receiveDocument({ ctx, deps, input: { file, original, source } });
    return { ok: true, row, created };
  } catch (error) {
    if (error instanceof DomainError) {
      const fields = (error.details?.fields as { msg: string }[] | undefined) ?? [];
      const message = [error.message, ...fields.map((f) => f.msg)]
        .filter((m, i, a) => a.indexOf(m) === i)
        .join(': ');
      return { ok: false, message: withoutContentOf(bytes, message) };
    }
    if (error instanceof Error && 'code' in error) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * A reason says what is wrong, never what the file says: a parser's message can quote the text it
 * stumbled on, and whoever reads failed/ may not be allowed to read the file. Every word of four or more
 * characters that occurs in the file is left out.
 */
export function withoutContentOf(bytes: Uint8Array | null, message: string): string {
  if (bytes === null || bytes.length === 0) return message;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return message.replace(/[^\s'"(),;`]{4,}/g, (word) => {
    const bare = word.replace(/[.:]+$/, '');
    const inFile = Buffer.from(bare, 'utf8').toString('latin1');
    return bare.length >= 4 && text.includes(inFile) ? `…${word.slice(bare.length)}` : word;
  });
}
