// The afnor-pa channel's pure parts: the CDAR (XP Z12-012) it writes to answer a received invoice and reads
// from the platform, its table of lifecycle statuses, and its settings' schema.
import { describe, expect, test } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { afnorPaAdapter } from '../../src/modules/channel-afnor';
import { buildCdar, readCdar } from '../../src/modules/channel-afnor/cdar';
import { lifecycleStatus } from '../../src/modules/channel-afnor/statuses';

describe('the CDAR builder', () => {
  test('writes the element paths of XP Z12-012 and reads back as written', () => {
    const xml = buildCdar({
      code: '210',
      label: 'Refusée',
      invoiceNumber: 'FA-2026<&>1',
      invoiceTypeCode: '381',
      invoiceIssueDate: '2026-11-15',
      reason: 'Prix & quantité <faux>',
      buyer: { scheme: '0009', value: '10000000900011' },
      seller: { scheme: '0002', value: '300000007' },
      at: new Date('2026-12-02T10:05:00Z'),
    });
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain(
      '<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"',
    );
    expect(xml).toContain('<ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID>');
    expect(xml).toContain('<ram:ID>REGULATED</ram:ID>');
    expect(xml).toContain('<udt:DateTimeString format="204">20261202100500</udt:DateTimeString>');
    expect(xml).toContain('<qdt:DateTimeString format="102">20261115</qdt:DateTimeString>');
    expect(xml).toMatch(
      /<ram:IssuerTradeParty>\s*<ram:GlobalID schemeID="0002">100000009<\/ram:GlobalID>\s*<ram:RoleCode>BY/,
    );
    expect(xml).toMatch(
      /<ram:RecipientTradeParty>\s*<ram:GlobalID schemeID="0002">300000007<\/ram:GlobalID>\s*<ram:RoleCode>SE/,
    );
    expect(readCdar(xml)).toEqual([
      {
        invoiceNumber: 'FA-2026<&>1',
        typeCode: '381',
        code: '210',
        statedLabel: 'Refusée',
        reasons: ['Prix & quantité <faux>'],
      },
    ]);
  });

  test('readCdar refuses what is not a CDAR, and a DTD', () => {
    expect(() =>
      readCdar('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
    ).toThrow('no CrossDomainAcknowledgementAndResponse');
    expect(() => readCdar('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toThrow();
  });

  test('the status table: forward-only mapping, unknown codes are notes on delivered', () => {
    expect(
      ['200', '202', '204', '205', '206', '207', '208', '210', '211', '212', '213'].map(
        (c) => lifecycleStatus(c).state,
      ),
    ).toEqual([
      'submitted',
      'delivered',
      'delivered',
      'accepted',
      'accepted',
      'delivered',
      'delivered',
      'rejected',
      'paid',
      'paid',
      'failed',
    ]);
    expect(lifecycleStatus('299', 'Nouveau_statut')).toMatchObject({
      state: 'delivered',
      label: 'Nouveau statut',
    });
  });
});

describe('the adapter as declared', () => {
  test('its settings schema takes the documented settings and refuses others', () => {
    const good = {
      directory_base_url: 'https://pa.example/directory-service',
      token_url: 'https://auth.pa.example/token',
      client_id: 'od-1',
      organization_id: 'ORG-7',
      processing_rule: 'B2G',
      flow_profile: 'CIUS',
    };
    expect(Value.Check(afnorPaAdapter.settings, good)).toBe(true);
    expect(Value.Check(afnorPaAdapter.settings, {})).toBe(true);
    expect(Value.Check(afnorPaAdapter.settings, { processing_rule: 'B2X' })).toBe(false);
    expect(Value.Check(afnorPaAdapter.settings, { token_url: 'ftp://x' })).toBe(false);
    expect(Value.Check(afnorPaAdapter.settings, { client_secret: 'not a setting' })).toBe(false);
    expect(afnorPaAdapter).toMatchObject({
      id: 'afnor-pa',
      network: 'fr-pa',
      defaultBaseUrl: '',
      secrets: ['client_secret', 'api_token', 'webhook_secret'],
      profiles: ['factur_x_en16931', 'peppol_bis_billing_3'],
      takesPdf: true,
      receive: 'both',
    });
  });
});
