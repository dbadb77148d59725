// Issue 41: a customer's reachability over Peppol, by the service itself (the SML on a DNS server and an
// SMP on loopback serving recorded answers), shown with when it was checked; the warning before finalizing
// an invoice to a buyer who must be reached over Peppol and is not (docs/channels.md, docs/peppol-lookup.md).
// BOTH ENGINES TEST: the PostgreSQL lanes run this file too (scripts/test-lanes.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { participantDnsName } from '../../src/modules/peppol-directory';
import { makeAccount, type TestAccount } from '../factories';
import { GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { type PeppolDns, smpRecord, startPeppolDns } from '../peppol-dns';
import { fixture, type PeppolSmp, startPeppolSmp } from '../peppol-smp';

const ZONE = 'participant.sml.test.tech.peppol.org';
const BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';
const INVOICE = `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BIS}`;
const CREDIT_NOTE = `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${BIS}`;

let server: TestServer;
let dns: PeppolDns;
let smp: PeppolSmp;
let account: TestAccount;
let profileId = '';

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

async function customer(address: { scheme: string; value: string }) {
  const res = await call('POST', '/api/v1/customers', {
    name: `Kunde ${address.value}`,
    email: 'ap@kunde.example',
    tax_id: 'DE987654321',
    billing_address: { line1: 'Hafenstraße 2', city: 'Hamburg', postal_code: '20457', country: 'DE' },
    electronic_address: address,
    einvoice_profile: 'peppol_bis_billing_3',
    buyer_reference: 'PO-1',
  });
  return res.body.data.id as string;
}

beforeAll(async () => {
  smp = startPeppolSmp();
  dns = await startPeppolDns();
  dns.records.set(participantDnsName({ scheme: '0088', value: '4035811991021' }, ZONE), [smpRecord(smp.url)]);
  smp.answer(
    '0088:4035811991021',
    INVOICE.replace('busdox-docid-qns::', ''),
    fixture('0088-4035811991021-invoice.xml'),
  );
  smp.answer(
    '0088:4035811991021',
    CREDIT_NOTE.replace('busdox-docid-qns::', ''),
    fixture('0088-4035811991021-credit-note.xml'),
  );
  server = await startServer({
    startJobs: false,
    env: { PEPPOL_SML_ZONE: ZONE, PEPPOL_DNS_SERVERS: `${dns.host}:${dns.port}` },
  });
  account = await makeAccount(server);
  const profile = await call('POST', '/api/v1/business-profiles', {
    ...GERMAN_SELLER,
    electronic_address: { scheme: '9930', value: 'DE123456789' },
  });
  if (profile.status !== 200) throw new Error(JSON.stringify(profile.body));
  profileId = profile.body.data.id;
});
afterAll(async () => {
  await server.stop();
  smp.stop();
  await dns.stop();
});

describe("a customer's networks", () => {
  test('a registered participant: it receives Peppol BIS invoices and credit notes, and when that was checked', async () => {
    const id = await customer({ scheme: '0088', value: '4035811991021' });
    const res = await call('GET', `/api/v1/customers/${id}/networks`);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.data).toMatchObject({
      must_use_peppol: true,
      peppol: { registered: true, invoice: true, credit_note: true, cached: false },
      peppol_error: null,
    });
    expect(Date.parse(res.body.data.peppol.checked_at)).not.toBeNaN();
    const again = await call('GET', `/api/v1/customers/${id}/networks`);
    expect(again.body.data.peppol.cached).toBe(true);
    const refreshed = await call('GET', `/api/v1/customers/${id}/networks?refresh=true`);
    expect(refreshed.body.data.peppol.cached).toBe(false);
  });

  test('an unregistered one: not reachable, and finalizing its invoice comes with a warning', async () => {
    const id = await customer({ scheme: '0088', value: '9999999999999' });
    const res = await call('GET', `/api/v1/customers/${id}/networks`);
    expect(res.body.data.peppol).toMatchObject({ registered: false, invoice: false });
    const made = await call(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(profileId, id, 'RE-2026-0901', [germanLine()], { buyer_reference: 'PO-1' }),
    );
    const check = await call('GET', `/api/v1/documents/${made.body.data.id}/network-check`);
    expect(check.body.data.must_use_peppol).toBe(true);
    expect(check.body.data.warnings).toHaveLength(1);
    expect(check.body.data.warnings[0]).toContain('0088:9999999999999');
    // The reachable one's invoice has no warning.
    const reachable = await customer({ scheme: '0088', value: '4035811991021' });
    const fine = await call(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(profileId, reachable, 'RE-2026-0902', [germanLine()], { buyer_reference: 'PO-1' }),
    );
    const none = await call('GET', `/api/v1/documents/${fine.body.data.id}/network-check`);
    expect(none.body.data.warnings).toEqual([]);
  });
});
