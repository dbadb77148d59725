// The invoice inside a hybrid PDF (src/einvoicing/pdf-invoice-xml.ts): what a refusal says when the PDF
// names no invoice attachment, and when its catalog lists one that its embedded files do not hold.
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { invoiceXmlBytesOfPdf } from '../../src/einvoicing/pdf-invoice-xml';
import { sharedPath } from '../shared-material';

const CORPUS = sharedPath('receiving-corpus/samples');

test('a damaged PDF whose catalog lists factur-x.xml in /AF, and whose /Names point elsewhere, says so', async () => {
  // Mustang's corrupted sample: /Names is the object of its output intent.
  const pdf = readFileSync(join(CORPUS, 'mustang/validator/corruptedV2PDF.pdf'));
  await expect(invoiceXmlBytesOfPdf(new Uint8Array(pdf))).rejects.toThrow(
    'The PDF is damaged: its catalog lists factur-x.xml among its associated files (/AF), but its embedded files (/Names) do not hold it',
  );
});

test('a PDF without any attachment says it carries no e-invoice', async () => {
  const pdf = readFileSync(join(CORPUS, 'horstoeko/tests/assets/pdf_plain.pdf'));
  await expect(invoiceXmlBytesOfPdf(new Uint8Array(pdf))).rejects.toThrow(
    'The PDF carries no embedded e-invoice (no factur-x.xml, zugferd-invoice.xml or xrechnung.xml)',
  );
});

test('a PDF cut short before its catalog is named as damaged, not as a PDF without an e-invoice', async () => {
  // Mustang's 15-byte sample: a PDF header twice and nothing else.
  const pdf = readFileSync(join(CORPUS, 'mustang/Mustang-CLI/corrupt-factur-x-waytoosmall.pdf'));
  await expect(invoiceXmlBytesOfPdf(new Uint8Array(pdf))).rejects.toThrow(
    'The PDF is damaged or cut short: it has no document catalog (0 objects in 15 bytes)',
  );
});
