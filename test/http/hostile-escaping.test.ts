// Text that reaches XML and PDF is escaped for each: XML special characters and CDATA terminators in
// names and descriptions come back from UBL and CII as well-formed XML with the exact text (parsed back
// with xmllint), and PDF text with `(`, `)`, `\` and non-Latin scripts extracts back with pdftotext.
// (`../` in a batch external_id becoming a ZIP entry name is covered in batches.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const ITEM = 'Tags <b>&amp;</b> &#0; &lt; "quoted" \'single\' ]]> <![CDATA[x]]> & < >';
const SELLER = 'Müller & Söhne <GmbH> ]]>';
const NOTE = 'Pay by ]]><!-- not a comment --> & thanks';

function compliantData(overrides: { item?: string; seller?: string; notes?: string } = {}) {
  return {
    invoice_number: 'ESC-1',
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    tax_scheme: 'VAT',
    buyer_reference: 'PO-4711',
    notes: overrides.notes ?? NOTE,
    seller: {
      name: overrides.seller ?? SELLER,
      tax_id: 'DE123456789',
      email: 'billing@mueller.example',
      address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
      electronic_address: { scheme: '9930', value: 'DE123456789' },
      bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    },
    buyer: {
      name: 'Acme BV',
      tax_id: 'NL123456789B01',
      address: { line1: 'Keizersgracht 1', city: 'Amsterdam', postal_code: '1015 AA', country: 'NL' },
      electronic_address: { scheme: '0106', value: '12345678' },
    },
    payment: {
      instructions: 'SEPA credit transfer',
      bank_account: { account_number: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    },
    line_items: [
      {
        name: overrides.item ?? ITEM,
        quantity: '10',
        unit_price: '95.00',
        unit_code: 'HUR',
        taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
      },
    ],
  };
}

/** Parses the XML with xmllint (fails on malformed XML) and answers the string value of `xpath`. */
async function xpathString(xml: string, xpath: string): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'inv-xml-')), 'doc.xml');
  writeFileSync(file, xml);
  const wellFormed = await Bun.$`xmllint --noout ${file}`.quiet().nothrow();
  if (wellFormed.exitCode !== 0) throw new Error(`malformed XML: ${wellFormed.stderr.toString()}`);
  return (await Bun.$`xmllint --xpath ${`string(${xpath})`} ${file}`.quiet().text()).replace(/\n$/, '');
}

/** A character XML 1.0 cannot carry: C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF. */
const notInXml = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return (
    (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
    (c >= 0xd800 && c <= 0xdfff) ||
    c === 0xfffe ||
    c === 0xffff
  );
};

const byName = (...names: string[]) => names.map((name) => `/*[local-name()='${name}']`).join('');
const anywhere = (...names: string[]) => `/${byName(...names)}`.replace(/^\//, '//');

async function xmlFor(profile: string, data: unknown) {
  const res = await server.request('/api/v1/documents/xml', {
    method: 'POST',
    key: account.apiKey,
    body: { profile, data },
  });
  return { status: res.status, text: await res.text() };
}

describe('XML output escapes what it is given', () => {
  test('UBL: item name, seller name and note come back exactly from well-formed XML', async () => {
    const res = await xmlFor('peppol_bis_billing_3', compliantData());
    expect(res.status).toBe(200);
    expect(await xpathString(res.text, anywhere('Item', 'Name'))).toBe(ITEM);
    expect(await xpathString(res.text, anywhere('PartyLegalEntity', 'RegistrationName'))).toBe(SELLER);
    expect(await xpathString(res.text, `/*${byName('Note')}`)).toBe(NOTE);
  });

  test('CII: the same text comes back exactly from well-formed XML', async () => {
    const res = await xmlFor('factur_x_en16931', compliantData());
    expect(res.status).toBe(200);
    expect(await xpathString(res.text, anywhere('SpecifiedTradeProduct', 'Name'))).toBe(ITEM);
    expect(await xpathString(res.text, anywhere('SellerTradeParty', 'Name'))).toBe(SELLER);
  });

  test('characters XML 1.0 cannot carry (NUL, other C0 controls, lone surrogates) never produce malformed XML', async () => {
    for (const item of [
      'nul\u0000here',
      'bell\u0007 and escape\u001b',
      'lone \uD800 surrogate',
      'noncharacter \uFFFE',
    ]) {
      for (const profile of ['peppol_bis_billing_3', 'factur_x_en16931']) {
        const res = await xmlFor(profile, compliantData({ item }));
        if (res.status === 200) {
          // Accepted: then the XML must parse (the character dropped or replaced, never written raw), and
          // the name keeps the rest of what was given.
          const name = await xpathString(
            res.text,
            anywhere(profile.startsWith('peppol') ? 'Item' : 'SpecifiedTradeProduct', 'Name'),
          );
          expect([...name].filter(notInXml)).toEqual([]);
          const words = item.split(/[^a-z]+/).filter((w) => w.length > 0);
          for (const word of words) expect(name).toContain(word);
        } else {
          expect(res.status).toBe(422);
          expect(JSON.parse(res.text).error.code).toBe('unprocessable_entity');
        }
      }
    }
  });
});

describe('PDF text escapes what it is given', () => {
  test('parentheses, backslashes, Greek and Cyrillic render and extract back with pdftotext', async () => {
    const item = 'Widget (large) \\ back\\slash ) unbalanced ( ';
    const seller = 'Παπαδόπουλος Α.Ε.';
    const buyer = 'ООО «Ромашка»';
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      headers: { accept: 'application/pdf' },
      body: {
        data: {
          invoice_number: 'ESC-(1)\\2',
          issue_date: '2026-11-02',
          currency: 'EUR',
          seller: { name: seller },
          buyer: { name: buyer },
          line_items: [{ name: item, quantity: '1', unit_price: '10.00' }],
        },
      },
    });
    expect(res.status).toBe(200);
    const pdf = await inspectPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.text).toContain(item.trim());
    expect(pdf.text).toContain(seller);
    expect(pdf.text).toContain(buyer);
    expect(pdf.text).toContain('ESC-(1)\\2');
  });
});
