import { t } from 'elysia';
import { DocumentData, DocumentTypeSchema } from '../../domain/document-data';
import { MoneyTotals } from '../documents';
import type { IssuedFileRow, RenderRow } from './schema';

const closed = { additionalProperties: false } as const;

export const MIN_EXPIRES_IN = 60;
export const MAX_EXPIRES_IN = 7 * 24 * 60 * 60;
export const DEFAULT_EXPIRES_IN = 3600;

export const ExpiresIn = t.Integer({
  minimum: MIN_EXPIRES_IN,
  maximum: MAX_EXPIRES_IN,
  description: 'Seconds the render and its download link live: 60 to 604800 (7 days), default 3600',
});
export const PageSizeSchema = t.Union([t.Literal('LETTER'), t.Literal('A4')]);

export const Render = t.Object({
  id: t.String(),
  status: t.Literal('completed'),
  document_type: t.String(),
  format: t.Literal('pdf'),
  template_id: t.String(),
  template_version: t.Optional(t.Integer()),
  download_url: t.String(),
  calculation: MoneyTotals,
  compliance: t.Union([t.Null(), t.Record(t.String(), t.Unknown())]),
  copy: t.Boolean({
    description:
      "true: a stored document drawn in another template, version or page size than its kept original, marked 'Kopie / Copy' on every page; the original stays as issued (GET /documents/{id}/issued-files)",
  }),
  expires_at: t.String(),
  created_at: t.String(),
});
export type Render = typeof Render.static;

export function presentRender(row: RenderRow, downloadUrl: string): Render {
  return {
    id: row.id,
    status: 'completed',
    document_type: row.documentType,
    format: 'pdf',
    template_id: row.templateId,
    ...(row.templateVersion !== null ? { template_version: row.templateVersion } : {}),
    download_url: downloadUrl,
    calculation: row.calculation as Render['calculation'],
    compliance: row.compliance ?? null,
    copy: row.copy,
    expires_at: row.expiresAt,
    created_at: row.createdAt,
  };
}

/**
 * A render's document data (SPEC 2): a render draws a complete document, so beside what a calculation needs
 * (`currency`, `line_items`) it refuses a body without `issue_date`, `seller` or `buyer`
 * (`statelessProblems`' completeness); the schema, and the OpenAPI document a client is generated from,
 * say they are required, where `DocumentData` (validate, calculate) leaves them optional. Before
 * 2026-12-07 the document listed only `currency` and `line_items`.
 */
const RENDER_REQUIRED = new Set(['issue_date', 'seller', 'buyer']);
export const RenderDocumentData = t.Object(
  Object.fromEntries(
    Object.entries(DocumentData.properties).map(([name, schema]) => [
      name,
      RENDER_REQUIRED.has(name) ? t.Optional(schema, false) : schema,
    ]),
  ) as typeof DocumentData.properties,
  closed,
);

/** POST /documents/render (and a template preview): the document data plus the template and the output wanted. */
export const StatelessRenderBody = t.Object(
  {
    document_type: t.Optional(DocumentTypeSchema),
    data: RenderDocumentData,
    template: t.Optional(
      t.Object({ id: t.String(), version: t.Optional(t.Integer({ minimum: 1 })) }, closed),
    ),
    rendering: t.Optional(t.Object({ template_id: t.Optional(t.String()) }, closed)),
    output: t.Optional(
      t.Object(
        {
          format: t.Optional(
            t.Union([t.Literal('pdf'), t.Literal('facturx_pdf')], {
              description:
                'facturx_pdf: a PDF/A-3b with factur-x.xml embedded, after a factur_x_en16931 check',
            }),
          ),
          delivery: t.Optional(t.Union([t.Literal('url'), t.Literal('binary')])),
          expires_in: t.Optional(ExpiresIn),
          page_size: t.Optional(PageSizeSchema),
        },
        closed,
      ),
    ),
  },
  closed,
);

/** A file a stored document was issued as, kept byte for byte from its first use (docs/renders.md). */
export const IssuedFile = t.Object({
  kind: t.Union([t.Literal('pdf'), t.Literal('xml')]),
  profile: t.Union([t.String(), t.Null()], {
    description: 'null for the plain PDF; the e-invoice profile of a Factur-X PDF or of an XML',
  }),
  content_type: t.String(),
  sha256: t.String({ description: 'SHA-256 (lower-case hex) of exactly the bytes kept and served' }),
  size_bytes: t.Integer(),
  first_use: t.Union([
    t.Literal('render'),
    t.Literal('send'),
    t.Literal('download'),
    t.Literal('archive'),
    t.Literal('audit'),
  ]),
  template_id: t.Union([t.String(), t.Null()]),
  template_version: t.Union([t.Integer(), t.Null()]),
  page_size: t.Union([t.String(), t.Null()]),
  created_at: t.String(),
});
export type IssuedFile = typeof IssuedFile.static;

export function presentIssuedFile(row: IssuedFileRow): IssuedFile {
  return {
    kind: row.kind,
    profile: row.profile === '' ? null : row.profile,
    content_type: row.contentType,
    sha256: row.sha256,
    size_bytes: row.sizeBytes,
    first_use: row.firstUse,
    template_id: row.templateId,
    template_version: row.templateVersion,
    page_size: row.pageSize,
    created_at: row.createdAt,
  };
}
