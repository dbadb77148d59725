// Asking a running server for the XML of some document data and for the official rules' verdict on it:
// what every EN 16931 term test does for each profile.
import { expect } from 'bun:test';
import type { DocumentData } from '../src/modules/documents/model';
import { CASES } from './einvoicing-fixtures';
import type { TestAccount } from './factories';
import type { TestServer } from './harness';
import { pdfPagesText, savePdf } from './rendering-fixtures';

export const PROFILES = [
  'factur_x_en16931',
  'peppol_bis_billing_3',
  'xrechnung_ubl',
  'xrechnung_cii',
] as const;
export type Profile = (typeof PROFILES)[number];

export const isCii = (profile: Profile) => profile === 'factur_x_en16931' || profile === 'xrechnung_cii';

/** A German B2B invoice (S 19 %, discounts, shipping) every profile accepts as it is. */
export const baseData = (): DocumentData => structuredClone(CASES[0]?.input.data as DocumentData);

/** What a credit note needs beside the invoice's data to pass every profile's rules. */
export const creditNoteExtras = { reason: 'Returned goods', preceding_invoice: { number: 'RE-1' } };

interface Violation {
  severity: string;
  rule?: string;
  message?: string;
}

export function einvoiceClient(server: TestServer, account: TestAccount) {
  const xmlOf = async (profile: string, documentType: string, data: DocumentData): Promise<string> => {
    const res = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: { profile, document_type: documentType, data },
    });
    const body = await res.text();
    expect({ status: res.status, body: res.status === 200 ? '' : body }).toEqual({ status: 200, body: '' });
    return body;
  };
  const check = async (profile: string, documentType: string, data: DocumentData) => {
    const res = await server.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body: { profile, document_type: documentType, data },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** The fatal findings of the official rules (tier 2) and tier 1 together: [] when valid. */
  const fatalFindings = async (profile: string, documentType: string, data: DocumentData) => {
    const result = await check(profile, documentType, data);
    expect(result.fully_checked).toBe(true);
    return (result.violations as Violation[])
      .filter((v) => v.severity === 'fatal')
      .map((v) => `${v.rule}: ${v.message}`);
  };
  const pdfText = async (body: Record<string, unknown>): Promise<string> => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { ...body, output: { delivery: 'binary' } },
    });
    expect(res.status).toBe(200);
    return pdfPagesText(savePdf(new Uint8Array(await res.arrayBuffer()))).join('\n');
  };
  /** What `/einvoices/parse` reads from an XML e-invoice: its data and its warnings. */
  const parse = async (xml: string) => {
    const res = await server.request('/api/v1/einvoices/parse', {
      method: 'POST',
      key: account.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: xml,
    });
    expect(res.status).toBe(200);
    type Parsed = { data: DocumentData; warnings: { term: string; message: string }[] };
    return ((await res.json()) as { data: Parsed }).data;
  };
  return { apiKey: account.apiKey, xmlOf, check, fatalFindings, pdfText, parse };
}
