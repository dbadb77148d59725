// The contract between the renderer (pure: data in, PDF bytes out) and its callers (the renders module).

import type { DocumentData } from '../domain/document-data';
import type { TotalsResult } from '../domain/money/types';
import type { DocumentType, PageSizeId } from '../domain/reference';
import type { StatementPdfInput } from './statement/types';

export type BuiltInTemplateId =
  | 'tpl_modern'
  | 'tpl_classic'
  | 'tpl_minimal'
  | 'tpl_compact'
  | 'tpl_bold'
  | 'tpl_refined';

/** A custom template's config (SPEC 2): applied under the document's own `branding`, which wins. */
export interface TemplateConfig {
  primary_color?: string;
  accent_color?: string;
  font_family?: string;
  header_text?: string;
  footer_text?: string;
}

export interface LogoImage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
}

export interface RenderInput {
  documentType: DocumentType;
  /** The document data object of SPEC 2 (stored documents present theirs in this shape too). */
  data: DocumentData;
  /** Exactly the totals the API reports; the renderer formats, never recomputes. */
  totals: TotalsResult;
  templateId: BuiltInTemplateId;
  config?: TemplateConfig;
  pageSize: PageSizeId;
  /** BCP 47; decides number, money and date formats and the label language. Default en-US. */
  locale?: string;
  logo?: LogoImage | null;
  /** The service credit line (free plan): always shown when set, together with any footer_text. */
  serviceCredit?: string | null;
  /** The stored invoice a document follows (its source, when an invoice): a credit note's or a corrected
   *  invoice's, shown on it; its issue date (YYYY-MM-DD). */
  sourceDocumentNumber?: string | null;
  sourceDocumentDate?: string | null;
  /** Factur-X: attach this XML (and the supporting documents' files) and write PDF/A-3b metadata. */
  facturx?: FacturxContent | null;
  /**
   * A copy of an issued document (drawn in another look than the PDF kept as issued): every page carries
   * a "Kopie / Copy" mark in the top margin, so it cannot pass for the original (docs/renders.md).
   */
  copy?: boolean;
  /**
   * A received e-invoice drawn for reading (docs/receiving.md): it shows what the file states, nothing the
   * firm's own documents would add by convention (the issue date as the date of supply).
   */
  received?: boolean;
  /** Draw a reminder letter about this invoice instead of the invoice itself (docs/dunning.md). */
  letter?: ReminderLetter | null;
  /**
   * Draw this customer statement instead of a document (docs/reports.md): it goes where every PDF goes
   * (the render pool, under its limits); the document fields are not read (statement/render-input.ts).
   */
  statement?: StatementPdfInput | null;
}

/** A reminder letter's own content; everything else (parties, bank, template) comes from the invoice. */
export interface ReminderLetter {
  /** The level's subject, placeholders filled: the letter's title. */
  title: string;
  /** The level's message, placeholders filled. */
  text: string;
  /** YYYY-MM-DD: the letter's date and the new payment date. */
  date: string;
  payBy: string;
  /** Decimal strings in the invoice's currency: still due, the fee, and both together. */
  amountDue: string;
  fee: string;
  total: string;
  /** False for a level without a fee: no fee row is printed. */
  showFee: boolean;
}

/** What a Factur-X PDF carries besides the drawing: factur-x.xml and any supporting documents (BG-24). */
export interface FacturxContent {
  xml: string;
  attachments?: { filename: string; mimeCode: string; bytes: Uint8Array }[];
}

export type RenderPdf = (input: RenderInput) => Promise<Uint8Array>;
