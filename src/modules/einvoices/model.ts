import { t } from 'elysia';
import { ComplianceResult } from '../compliance';
import type { ParsedEInvoice } from './use-cases/parse-received';

const Decimal = t.String({ description: 'A decimal string in the invoice currency' });

/** The answer of POST /einvoices/parse (docs/receiving.md). */
export const ParsedEInvoiceView = t.Object({
  syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
  document_type: t.Union([t.Literal('invoice'), t.Literal('credit_note')]),
  type_code: t.String({ description: 'EN 16931 BT-3 as written' }),
  customization_id: t.Union([t.String(), t.Null()], { description: 'EN 16931 BT-24 as written' }),
  profile: t.Union([t.String(), t.Null()], {
    description: 'The compliance profile BT-24 names, if one of ours',
  }),
  data: t.Record(t.String(), t.Unknown(), { description: 'The document data object (SPEC 2)' }),
  totals: t.Object({
    subtotal: Decimal,
    discount_total: Decimal,
    shipping_total: Decimal,
    tax_total: Decimal,
    total: Decimal,
    amount_due: Decimal,
  }),
  compliance: t.Union([ComplianceResult, t.Null()]),
  warnings: t.Array(t.Object({ term: t.String(), path: t.String(), message: t.String() })),
});
export type ParsedEInvoiceView = typeof ParsedEInvoiceView.static;

export function presentParsed(parsed: ParsedEInvoice): ParsedEInvoiceView {
  return {
    syntax: parsed.syntax,
    document_type: parsed.documentType,
    type_code: parsed.typeCode,
    customization_id: parsed.customizationId,
    profile: parsed.profile,
    data: parsed.data as Record<string, unknown>,
    totals: parsed.totals,
    compliance: parsed.compliance,
    warnings: parsed.warnings,
  };
}
