import { createHash } from 'node:crypto';
import { dec, toFixedString } from '../../../domain/money';
import { minorUnitsOf } from '../../documents';
import { csvDialect, csvLine, signOf } from '../csv';
import { csvField } from './documents-csv';

/** index.csv's columns: one line per file of a document, produced or not (docs/exports.md). */
export const INDEX_COLUMNS = [
  'kind',
  'number',
  'type',
  'issue_date',
  'party',
  'total',
  'currency',
  'status',
  'file',
  'size_bytes',
  'sha256',
  'note',
] as const;

/** The machine form always: the index is read by programs checking the archive as much as by people. */
const dialect = csvDialect('machine');

interface IndexedDocument {
  kind: 'issued' | 'received';
  number: string | null;
  type: string;
  date: string | null;
  party: string | null;
  /** Written in the currency's minor units; a credit note's negative, as in documents.csv. */
  total: string;
  currency: string;
  status: string;
  /** The ZIP entries written for it. */
  files: string[];
  /** One per file that could not be produced ("PDF: …"). */
  notes: string[];
}

/**
 * The archive's index.csv: every document of the archive with each of its files, and each file's size and
 * SHA-256 over the very bytes handed to the ZIP writer (`digest`, called as each entry is added, so nothing
 * is read twice). Written last; what it holds is about 100 bytes a file until then.
 */
export class ArchiveIndex {
  private readonly digests = new Map<string, { size: number; sha256: string }>();
  private readonly documents: IndexedDocument[] = [];

  digest(name: string, bytes: Uint8Array): void {
    this.digests.set(name, {
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }

  add(document: IndexedDocument): void {
    this.documents.push(document);
  }

  /** The index as CSV: a header, then each document's produced files, then its missing ones. */
  csv(): string {
    let out = csvLine(dialect, INDEX_COLUMNS);
    for (const d of this.documents) {
      const total = toFixedString(signOf(d.type, d.total)(dec(d.total)), minorUnitsOf(d.currency));
      const head = [
        d.kind,
        csvField(d.number, true),
        d.type,
        d.date ?? '',
        csvField(d.party, true),
        total,
        d.currency,
        d.status,
      ];
      const lines: [string, string, string, string][] = d.files.map((file) => {
        const digest = this.digests.get(file);
        return [file, digest ? String(digest.size) : '', digest?.sha256 ?? '', ''];
      });
      for (const note of d.notes) lines.push(['', '', '', note]);
      if (lines.length === 0) lines.push(['', '', '', '']);
      for (const [file, size, sha256, note] of lines) {
        out += csvLine(dialect, [...head, csvField(file, true), size, sha256, csvField(note, true)]);
      }
    }
    return out;
  }
}
