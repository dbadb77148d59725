import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import type { FileRow } from './schema';
import { SVG } from './sniff';

/** Per-file upload limit; the server's 10 MiB body limit answers larger requests before this code runs. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The logo formats the renderer draws (SPEC 4 Files: recommended logo formats). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', SVG] as const;

export function isImageType(contentType: string): boolean {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(contentType);
}

export const UploadBody = t.Object(
  { file: t.File({ description: `Any file up to ${MAX_FILE_BYTES} bytes` }) },
  { additionalProperties: false },
);
export type UploadBody = typeof UploadBody.static;

/** SPEC 2 File: metadata only, the bytes are never served back through the API. */
/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const FileResource = t.Object({
  id: t.String({ examples: ['fil_01jd0000000000000000000000'] }),
  filename: t.String({ description: 'The uploaded name without directories, for display only' }),
  content_type: t.String({ description: 'Sniffed from the bytes; application/octet-stream when unknown' }),
  size_bytes: t.Integer(),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
});
export type FileResource = typeof FileResource.static;

export function presentFile(row: FileRow): FileResource {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
  };
}
