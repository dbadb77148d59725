// What an invoice line says about its item besides the amounts (BG-25 text terms, BG-26, BG-31, BG-32):
// trimmed, blanks dropped, nothing derived.
import type { DocumentData } from '../../domain/document-data';
import { text } from './parties';
import type { ELine } from './types';

type LineItem = DocumentData['line_items'][number];

export type LineTerms = Pick<
  ELine,
  | 'name'
  | 'description'
  | 'sellerItemId'
  | 'note'
  | 'buyerItemId'
  | 'standardItemId'
  | 'originCountry'
  | 'orderLineReference'
  | 'accountingReference'
  | 'period'
  | 'objectId'
  | 'classifications'
  | 'attributes'
>;

export function lineTerms(line: LineItem): LineTerms {
  const period = line.period;
  const objectId = text(line.object_identifier?.id);
  return {
    name: line.name.trim(),
    description: text(line.description),
    sellerItemId: text(line.sku),
    note: text(line.note),
    buyerItemId: text(line.buyer_item_id),
    standardItemId: line.standard_item_id
      ? { id: line.standard_item_id.id.trim(), scheme: line.standard_item_id.scheme_id.trim() }
      : null,
    originCountry: line.origin_country ?? null,
    orderLineReference: text(line.order_line_reference),
    accountingReference: text(line.accounting_reference),
    period:
      text(period?.start_date) !== null || text(period?.end_date) !== null
        ? { start: text(period?.start_date), end: text(period?.end_date) }
        : null,
    objectId: objectId === null ? null : { id: objectId, scheme: text(line.object_identifier?.scheme_id) },
    classifications: (line.classifications ?? []).map((c) => ({
      id: c.id.trim(),
      scheme: c.scheme_id.trim(),
      version: text(c.scheme_version),
    })),
    attributes: (line.attributes ?? []).map((a) => ({ name: a.name.trim(), value: a.value.trim() })),
  };
}
