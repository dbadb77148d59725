// A stored row as document data (issue 38): the e-invoice input takes it from the row itself, and it is the
// very `data` the API shows for the row (present.ts), key order included, whatever the row's payments.
import { describe, expect, test } from 'bun:test';
import type { Party } from '../../src/domain/party';
import { presentDocument } from '../../src/modules/documents/present';
import type { DocumentRow } from '../../src/modules/documents/schema';
import { storedDocumentData } from '../../src/modules/documents/use-cases/document-data-of';

const seller: Party = {
  name: 'Nordlicht',
  address: { line1: 'Friedrichstraße 10', city: 'Berlin', country: 'DE' },
};
const buyer: Party = { name: 'Amt', electronic_address: { scheme: '0204', value: '991-12345-67' } };
const totals = {
  subtotal: '100.00',
  discount_total: '0.00',
  tax_total: '19.00',
  shipping_total: '0.00',
  total: '119.00',
  currency: 'EUR',
} as unknown as DocumentRow['totals'];

function row(over: Partial<DocumentRow> = {}): DocumentRow {
  return {
    id: 'doc_1',
    accountId: 'acc_1',
    documentType: 'invoice',
    number: 'RE-1',
    status: 'draft',
    issueDate: '2026-01-05',
    dueDate: '2026-01-19',
    currency: 'EUR',
    locale: null,
    businessProfileId: 'bp_1',
    customerId: 'cus_1',
    sourceDocumentId: null,
    reason: null,
    numberingSequenceId: null,
    data: { line_items: [{ name: 'Work', quantity: '1', unit_price: '100.00' }], buyer_reference: 'PO-1' },
    totals,
    createdBy: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    finalizedAt: null,
    sentAt: null,
    paidAt: null,
    voidedAt: null,
    archivedAt: null,
    amountPaid: '0',
    amountCredited: '0',
    ...over,
  };
}

describe('storedDocumentData', () => {
  test.each([
    ['a draft without locale, due date or reason', row({ dueDate: null })],
    [
      'a finalized invoice with frozen parties, partly paid',
      row({
        status: 'finalized',
        locale: 'de-DE',
        amountPaid: '50.00',
        finalizedAt: '2026-01-06T10:00:00.000Z',
        data: {
          seller: { name: 'Frozen seller' },
          notes: 'Danke',
          buyer: { name: 'Frozen buyer' },
          line_items: [],
        },
      }),
    ],
    [
      'a credit note with a reason and credits',
      row({
        documentType: 'credit_note',
        reason: 'Returned goods',
        sourceDocumentId: 'doc_0',
        amountCredited: '10.00',
        data: { line_items: [], charges: [{ reason: 'Fee', amount: '5.00' }], discounts: [] },
      }),
    ],
  ])('%s: the data the API shows', (_name, stored) => {
    const parties = { seller, buyer };
    const shown = presentDocument(stored, parties, '2026-03-01').data;
    const data = storedDocumentData(stored, parties);
    expect(JSON.stringify(data)).toBe(JSON.stringify(shown));
    expect(data).not.toHaveProperty('days_overdue');
    expect(data).not.toHaveProperty('amount_paid');
  });

  test('the parties given stand for those in the row; nothing empty is kept', () => {
    const data = storedDocumentData(row({ data: { seller: { name: 'Old' }, line_items: [], notes: null } }), {
      seller,
      buyer,
    });
    expect(data.seller).toEqual(seller);
    expect(Object.keys(data)).toEqual([
      'invoice_number',
      'issue_date',
      'due_date',
      'currency',
      'seller',
      'buyer',
      'line_items',
    ]);
  });
});
