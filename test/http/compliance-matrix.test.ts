import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CASES } from '../einvoicing-fixtures';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// Documents for every VAT category, discounts, shipping, credit notes, several currencies and countries,
// sent through the API: the XML the service writes must pass every applicable official ruleset.
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const PROFILES = ['factur_x_en16931', 'peppol_bis_billing_3', 'xrechnung_ubl', 'xrechnung_cii'] as const;

describe('API-built documents pass the official rules', () => {
  for (const profile of PROFILES) {
    test.each(CASES.map((c) => [c.name, c] as const))(`${profile}: %s`, async (_name, c) => {
      const data = {
        ...c.input.data,
        ...(c.input.deliveryDate ? { delivery_date: c.input.deliveryDate } : {}),
      };
      const res = await server.json('/api/v1/documents/validate-compliance', {
        method: 'POST',
        key: account.apiKey,
        body: { profile, document_type: c.input.documentType, data },
      });
      expect(res.status).toBe(200);
      const fatal = res.body.data.violations.filter((v: { severity: string }) => v.severity === 'fatal');
      expect(fatal).toEqual([]);
      expect(res.body.data.fully_checked).toBe(true);
      expect(res.body.data.valid).toBe(true);
    });
  }
});
