// A Bauunternehmen's § 13b UStG invoice to another German firm (Bauleistungen, VAT category AE) without a
// typed exemption reason: its PDF says "Steuerschuldnerschaft des Leistungsempfängers" (§ 14a Abs. 5 UStG),
// its e-invoice, since 2025 the invoice itself, carried only the code VATEX-EU-AE. The XML now states the
// PDF's words as BT-120 beside the code, in the document's language, and every profile's official rules
// still pass it; a reason the firm typed is written as typed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentData } from '../../src/modules/documents/model';
import { baseData, einvoiceClient, isCii, PROFILES } from '../en16931-http';
import { makeAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let client: ReturnType<typeof einvoiceClient>;

beforeAll(async () => {
  server = await startServer();
  client = einvoiceClient(server, await makeAccount(server));
}, 60_000);
afterAll(() => server.stop());

const AE = { name: 'USt', rate: '0', category: 'AE' };

/** A German B2B invoice (seller and buyer in Germany) of Bauleistungen under § 13b UStG. */
function bauleistung(locale: string, tax: { rate: string; category: string } = AE): DocumentData {
  const data = baseData();
  return {
    ...data,
    locale,
    line_items: [
      { name: 'Estrich verlegen', quantity: '120', unit_price: '25.00', unit_code: 'MTK', taxes: [tax] },
      { name: 'Trockenbau', quantity: '16', unit_price: '58.00', unit_code: 'HUR', taxes: [tax] },
    ],
    discounts: [],
    shipping: undefined,
  } as DocumentData;
}

/** BT-120 and BT-121 of the XML's VAT breakdown. */
function exemption(xml: string, cii: boolean) {
  const reason = cii ? /<ram:ExemptionReason>([^<]*)</ : /<cbc:TaxExemptionReason>([^<]*)</;
  const code = cii ? /<ram:ExemptionReasonCode>([^<]*)</ : /<cbc:TaxExemptionReasonCode>([^<]*)</;
  return { reason: reason.exec(xml)?.[1] ?? null, code: code.exec(xml)?.[1] ?? null };
}

describe('§ 13b UStG without a typed reason', () => {
  test.each(PROFILES)('%s: the reason text in German beside VATEX-EU-AE, and valid', async (profile) => {
    const data = bauleistung('de-DE');
    const xml = await client.xmlOf(profile, 'invoice', data);
    expect(exemption(xml, isCii(profile))).toEqual({
      reason: 'Steuerschuldnerschaft des Leistungsempfängers',
      code: 'VATEX-EU-AE',
    });
    expect(await client.fatalFindings(profile, 'invoice', data)).toEqual([]);
  });

  test('in the document’s language: an English invoice says it in English, as its PDF does', async () => {
    const xml = await client.xmlOf('xrechnung_ubl', 'invoice', bauleistung('en-GB'));
    expect(exemption(xml, false)).toEqual({
      reason: 'Reverse charge: the recipient is liable for the VAT',
      code: 'VATEX-EU-AE',
    });
  });

  test('a reason the firm typed is written as typed, its code too', async () => {
    const typed = {
      ...AE,
      exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b Abs. 2 Nr. 4 UStG)',
    };
    const data = bauleistung('de-DE', typed);
    const xml = await client.xmlOf('xrechnung_cii', 'invoice', data);
    expect(exemption(xml, true)).toEqual({ reason: typed.exemption_reason, code: null });
    expect(await client.fatalFindings('xrechnung_cii', 'invoice', data)).toEqual([]);
  });
});
