// The console words what an upload refused as no e-invoice is (the API's details.document) in its
// language (src/console/pages/received-refusal.ts); a code it does not know keeps the refusal as before.
import { expect, test } from 'bun:test';
import { refusedUpload } from '../../src/console/pages/received-refusal';
import { ApiError, inGerman } from './console-kit';

inGerman();

test('the German console says what the file is in German, and keeps the API sentence for other refusals', () => {
  const order = new ApiError(422, 'unprocessable_entity', 'This is a UBL order, not an invoice: …', [], {
    document: 'ubl:Order',
  });
  expect(refusedUpload(order, false).text).toBe(
    'Diese Datei ist eine UBL-Bestellung, keine E-Rechnung, die der Dienst liest (XRechnung, ZUGFeRD, Factur-X, Peppol: UBL 2.1 oder UN/CEFACT CII; oder ZUGFeRD 1.0).',
  );
  const rare = new ApiError(422, 'unprocessable_entity', 'This is a UBL tender, not an invoice: …', [], {
    document: 'ubl:Tender',
  });
  expect(refusedUpload(rare, false).text).toContain('ein UBL-Dokument (Tender)');
  const csv = new ApiError(422, 'unprocessable_entity', 'This is a CSV file …', [], { document: 'csv' });
  expect(refusedUpload(csv, false).text).toContain('eine CSV-Datei (eine Tabelle)');
  // A code this console does not know yet: the refusal as before, never an empty sentence.
  const fields = [{ loc: 'body', msg: 'This is something new', type: 'not_an_einvoice' }];
  const unknown = new ApiError(422, 'unprocessable_entity', 'This is something new', fields, {
    fields,
    document: 'something_new',
  });
  expect(refusedUpload(unknown, false).text).toContain('This is something new');
});

test('a PDF sent as XML (a name ending in .xml) is told to be renamed, not called no e-invoice', () => {
  const pdf = new ApiError(422, 'unprocessable_entity', 'This is a PDF given as XML text: …', [], {
    document: 'pdf',
  });
  expect(refusedUpload(pdf, false).text).toBe(
    'Diese Datei ist ein PDF, wurde aber als XML gesendet: Benennen Sie sie in .pdf um und laden Sie sie erneut hoch.',
  );
});
