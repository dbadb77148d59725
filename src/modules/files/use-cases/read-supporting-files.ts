// The files a document's supporting documents (EN 16931 BG-24) name: read from the blob store so the
// e-invoice can embed them (BT-125) and a Factur-X PDF can carry them beside factur-x.xml.
import type { DbOrTx } from '../../../db/client';
import type { EAttachedFile } from '../../../einvoicing/semantic/types';
import { type FieldError, validationError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { findFile } from '../repo';

/** The attachment types EN 16931 allows (BR-CL-24), by the content type the upload was sniffed as. */
const MIME_CODES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
];

/** Base64 of this much stays well inside the 16 MiB an XML check accepts. */
export const MAX_SUPPORTING_BYTES = 3 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A CSV has no magic bytes: an upload named .csv whose bytes are UTF-8 text is one. */
function mimeCodeOf(contentType: string, filename: string, bytes: Uint8Array): string | null {
  if (MIME_CODES.includes(contentType)) return contentType;
  if (contentType !== 'application/octet-stream' || !/\.csv$/i.test(filename)) return null;
  try {
    utf8.decode(bytes);
    return 'text/csv';
  } catch {
    return null;
  }
}

/**
 * The file of each supporting document, by index (null where it names none). Every problem is a 422 at
 * `{loc}.{k}.file_id`: no such file in the account, a type EN 16931 does not allow, or too many bytes in all.
 */
export async function readSupportingFiles(
  scope: { db: DbOrTx; accountId: string },
  blobs: BlobStore,
  documents: readonly { file_id?: string }[] | undefined,
  loc: string,
): Promise<(EAttachedFile | null)[]> {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  let total = 0;
  const readOne = async (fileId: string, at: string): Promise<EAttachedFile | null> => {
    const row = await findFile(scope.db, scope.accountId, fileId);
    const bytes = row ? await blobs.get(row.blobKey) : null;
    if (!row || bytes === null) {
      problems.push({ loc: at, msg: 'No file with this id in this account', type: 'invalid_reference' });
      return null;
    }
    const mimeCode = mimeCodeOf(row.contentType, row.filename, bytes);
    if (mimeCode === null) {
      const msg = `A supporting document must be a PDF, PNG, JPEG, CSV, XLSX or ODS file; this one is ${row.contentType}`;
      problems.push({ loc: at, msg, type: 'invalid_value' });
      return null;
    }
    total += bytes.byteLength;
    // Attached file names must differ (XRechnung, Peppol DE-R-022): a repeat gets a number first.
    const name = seen.has(row.filename.toLowerCase()) ? `${seen.size + 1}-${row.filename}` : row.filename;
    seen.add(name.toLowerCase());
    return { filename: name, mimeCode, bytes };
  };
  const files: (EAttachedFile | null)[] = [];
  // One after another: the names given to repeats must not depend on which read finishes first.
  for (const [k, d] of (documents ?? []).entries()) {
    files.push(d.file_id === undefined ? null : await readOne(d.file_id, `${loc}.${k}.file_id`));
  }
  if (total > MAX_SUPPORTING_BYTES) {
    const msg = `The supporting documents' files may have ${MAX_SUPPORTING_BYTES} bytes in all; these have ${total}`;
    problems.push({ loc, msg, type: 'too_large' });
  }
  if (problems.length > 0) throw validationError(problems, 'A supporting document cannot be attached');
  return files;
}
