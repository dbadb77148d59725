// One record of each audit table from the rows it describes, in the column order of tables.ts. Amounts are
// the stored exact decimals in their currency's minor units, as the document states them (a credit note's
// positive, its type saying what it is); `net_amount` is total less tax, as documents.csv has it.
import type { LineItem } from '../../../domain/line-item';
import { dec, type LineResult, sub, type TaxGroupResult, toFixedString } from '../../../domain/money';
import type { CustomerRow } from '../../customers';
import { type DocumentRow, minorUnitsOf } from '../../documents';
import type { NumberingGapRow } from '../../numbering-sequences';
import type { PaymentRow } from '../../payments';
import type { ReceivedDocumentRow } from '../../receiving';
import { amount, type Cell, plain, unitPrice } from './gdpdu';
import type { Address, FileRef, IssuedOriginals, Supplier } from './originals';

const fileCells = (ref: FileRef | null): Cell[] => [ref?.path ?? null, ref?.sha256 ?? null];
const flag = (value: boolean | undefined) => (value ? 'true' : 'false');

const addressCells = (address: Address | null | undefined): Cell[] => [
  [address?.line1, address?.line2, address?.line3].filter(Boolean).join(', '),
  address?.postal_code ?? null,
  address?.city ?? null,
  address?.country ?? null,
];

export interface IssuedContext {
  /** The buyer as the document states it. */
  buyer: { name: string; vatId: string | null };
  /** The number of the document a credit note corrects. */
  sourceNumber: string | null;
  files: IssuedOriginals;
}

export function documentCells(row: DocumentRow, context: IssuedContext): Cell[] {
  const units = minorUnitsOf(row.currency);
  const t = row.totals;
  const money = (value: string | undefined, fallback = '0') => amount(value ?? fallback, units);
  return [
    row.number,
    row.documentType,
    // Cancelled stays cancelled, archived or not; voided_at says when.
    row.voidedAt !== null ? 'void' : row.status,
    row.issueDate,
    row.dueDate,
    row.customerId,
    context.buyer.name,
    context.buyer.vatId,
    row.currency,
    money(t.subtotal),
    money(t.discount_total),
    money(t.shipping_total),
    money(t.charge_total),
    toFixedString(sub(dec(t.total), dec(t.tax_total)), units),
    money(t.tax_total),
    money(t.total),
    money(t.prepaid_amount),
    money(t.amount_due, t.total),
    money(row.amountPaid),
    context.sourceNumber,
    row.reason,
    row.finalizedAt,
    row.voidedAt,
    ...fileCells(context.files.pdf),
    ...fileCells(context.files.xml),
    context.files.notes.join('; '),
  ];
}

/** The document's lines, each with its computed amounts (the stored totals' `lines`, in the same order). */
export function lineCells(row: DocumentRow): Cell[][] {
  const units = minorUnitsOf(row.currency);
  const items = (row.data.line_items as LineItem[] | undefined) ?? [];
  const computed: LineResult[] = row.totals.lines ?? [];
  return items.map((item, i) => {
    const result = computed[i];
    const [tax, ...further] = item.taxes ?? [];
    return [
      row.number,
      String(i + 1),
      item.name,
      item.description,
      item.sku,
      plain(item.quantity),
      item.unit ?? item.unit_code,
      unitPrice(item.unit_price),
      plain(item.price_base_quantity),
      amount(result?.discount_amount, units),
      amount(result?.amount, units),
      amount(result?.allocated_discount, units),
      tax?.category,
      plain(tax?.rate),
      tax ? flag(tax.inclusive) : null,
      further.map((f) => `${f.category ?? ''} ${plain(f.rate) ?? ''} %`.trim()).join('; '),
      row.currency,
    ];
  });
}

export function taxGroupCells(row: DocumentRow): Cell[][] {
  const units = minorUnitsOf(row.currency);
  const groups: TaxGroupResult[] = row.totals.tax_groups ?? [];
  return groups.map((group, i) => [
    row.number,
    String(i + 1),
    group.name,
    group.category,
    plain(group.rate),
    flag(group.inclusive),
    amount(group.taxable_amount, units),
    amount(group.tax_amount, units),
    row.currency,
  ]);
}

export function paymentCells(payment: PaymentRow, documentNumber: string): Cell[] {
  return [
    payment.id,
    documentNumber,
    payment.date,
    amount(payment.amount, minorUnitsOf(payment.currency)),
    payment.currency,
    payment.method,
    payment.reference,
    payment.note,
  ];
}

export function customerCells(customer: CustomerRow): Cell[] {
  return [
    customer.id,
    customer.name,
    customer.taxId,
    ...addressCells(customer.billingAddress),
    customer.email,
    customer.debtorNumber === null ? null : String(customer.debtorNumber),
  ];
}

export function supplierCells(key: string, supplier: Supplier): Cell[] {
  return [key, supplier.name, supplier.taxId, ...addressCells(supplier.address)];
}

export function receivedCells(row: ReceivedDocumentRow, supplierKey: string, file: FileRef | null): Cell[] {
  const units = minorUnitsOf(row.currency);
  const tax = row.totals.tax_total ?? '0';
  return [
    row.id,
    supplierKey,
    row.sellerName,
    row.invoiceNumber,
    row.documentType,
    row.issueDate,
    row.dueDate,
    row.currency,
    toFixedString(sub(dec(row.total), dec(tax)), units),
    amount(tax, units),
    amount(row.total, units),
    amount(row.amountDue, units),
    amount(row.amountPaid, units),
    row.status,
    row.duplicateOf,
    row.createdAt,
    row.source,
    row.format,
    ...fileCells(file),
    file ? '' : 'original: file missing from storage',
  ];
}

export function gapCells(gap: NumberingGapRow, sequenceName: string | null): Cell[] {
  return [
    gap.id,
    gap.number,
    gap.sequenceId,
    sequenceName,
    gap.documentType,
    gap.issueDate,
    gap.documentId,
    gap.deletedBy,
    gap.deletedAt,
    'Entwurf gelöscht; die Nummer konnte nicht an den Nummernkreis zurückgegeben werden, da bereits eine spätere Nummer vergeben war',
  ];
}
