import { t } from 'elysia';
import { MoneyTotals } from '../documents/model';
import type { RenderRow } from './schema';

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
    expires_at: row.expiresAt,
    created_at: row.createdAt,
  };
}
