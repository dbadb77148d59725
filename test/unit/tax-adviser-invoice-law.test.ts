// A final invoice (Schlussrechnung) deducts each Abschlag's invoiced total, paid or not: when the service
// knows an Abschlag is not fully paid, finalize's notices say so (src/domain/invoice-law.ts,
// `deducted_invoice_unpaid`), for a German seller with § 14 Abs. 5 Satz 2 UStG, for any other in plain words.
import { describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/domain/document-data';
import { type DeductedPayments, invoiceLawNotices } from '../../src/domain/invoice-law';
import { computeTotals } from '../../src/domain/money';
import type { Party } from '../../src/domain/party';

const SELLER: Party = {
  name: 'Müller Bau GmbH',
  tax_number: '30/123/45678',
  address: { line1: 'Friedrichstraße 10', postal_code: '10117', city: 'Berlin', country: 'DE' },
};
const BUYER: Party = {
  name: 'Huber Wohnbau GmbH',
  address: { line1: 'Leopoldstraße 5', postal_code: '80802', city: 'München', country: 'DE' },
};
const SWISS: Party = {
  name: 'Zürcher Bau AG',
  address: { line1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
};

const deduction = (id: string, number: string) => ({
  document_id: id,
  number,
  issue_date: '2026-09-01',
  net_amount: '1000.00',
  tax_amount: '190.00',
  total: '1190.00',
});

function finalInvoice(seller: Party) {
  const data = {
    invoice_number: 'SR-1',
    issue_date: '2026-12-07',
    currency: 'EUR',
    type_code: '877',
    seller,
    buyer: BUYER,
    line_items: [
      {
        name: 'Rohbau',
        quantity: '1',
        unit_price: '5000.00',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
    ],
    deductions: [deduction('doc_a', 'AR-1'), deduction('doc_b', 'AR-2'), deduction('doc_c', 'AR-3')],
    prepaid_amount: '3570.00',
  } as DocumentData;
  const computed = computeTotals({
    minorUnits: 2,
    lines: [{ quantity: '1', unit_price: '5000.00', taxes: [{ rate: '19', category: 'S' }] }],
  });
  if (!computed.ok) throw new Error(JSON.stringify(computed.problems));
  return { data, totals: computed.totals };
}

const payments = new Map<string, DeductedPayments>([
  ['doc_a', { paid: '500.00', due: '690.00' }],
  ['doc_b', { paid: '1190.00', due: '0.00' }],
  ['doc_c', { paid: '1300.00', due: '-110.00' }],
]);

describe('a deducted Abschlag not fully paid', () => {
  test('a German seller: named by its place, with what is received and due, and § 14 Abs. 5 Satz 2 UStG', () => {
    const { data, totals } = finalInvoice(SELLER);
    const notices = invoiceLawNotices('invoice', data, totals, payments);
    expect(notices.map((n) => `${n.code} ${n.field}`)).toEqual(['deducted_invoice_unpaid data.deductions.0']);
    const message = notices[0]?.message ?? '';
    expect(message).toContain('AR-1');
    expect(message).toContain('500.00 EUR received, 690.00 still due');
    expect(message).toContain('whole total of 1190.00 EUR');
    expect(message).toContain('§ 14 Abs. 5 Satz 2 UStG');
  });

  test('paid in full (or more), or payments not known: nothing to say', () => {
    const { data, totals } = finalInvoice(SELLER);
    const paid = new Map([...payments].map(([id]) => [id, { paid: '1190.00', due: '0.00' }]));
    expect(invoiceLawNotices('invoice', data, totals, paid)).toEqual([]);
    expect(invoiceLawNotices('invoice', data, totals)).toEqual([]);
  });

  test('a seller outside the EU, whose law has no notices here, is told too, without a German paragraph', () => {
    const { data, totals } = finalInvoice(SWISS);
    const notices = invoiceLawNotices('invoice', data, totals, payments);
    expect(notices.map((n) => n.code)).toEqual(['deducted_invoice_unpaid']);
    expect(notices[0]?.message).not.toContain('UStG');
    // Not for other document types.
    expect(invoiceLawNotices('quote', data, totals, payments)).toEqual([]);
  });
});
