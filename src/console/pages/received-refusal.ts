// What an upload refused as no e-invoice is, in the console's language: the API names it as a code
// (`details.document` of the 422: docs/receiving.md) beside its English sentence, which stays for the hover.
import { t } from '../i18n';
import { type ConsoleMessage, refusedFile } from '../ui/messages';

/** Each code the API gives, as what the file "is" in a sentence. */
const DOCUMENTS: Record<string, string> = {
  html: 'an HTML page',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  gif: 'a GIF image',
  tiff: 'a TIFF image',
  zip: 'a ZIP archive (Word and Excel files are ZIP archives too)',
  rtf: 'an RTF document',
  utf16: 'XML in UTF-16 (send it in UTF-8)',
  binary: 'binary data',
  json: 'JSON',
  csv: 'a CSV file (a table of values)',
  text: 'plain text',
  malformed_xml: 'XML that is not well-formed',
  unknown_encoding: 'XML in an encoding that does not exist',
  other_xml: 'an XML document of another kind',
  fatturapa: 'an Italian FatturaPA invoice (its own syntax)',
  isdoc: 'a Czech ISDOC invoice (its own syntax)',
  svefaktura: 'a Swedish Svefaktura 1.0 invoice (UBL 1.0, before EN 16931)',
  svefaktura_envelope: 'a Svefaktura object envelope',
  order_x: 'an Order-X purchase order (CII)',
  cii_order: 'a CII order',
  cdar: 'a CII invoice status response (CDAR)',
  vefa_test_set: 'a VEFA validator test set',
};

/** The UBL documents a supplier's system sends by mistake most, by their root element. */
const UBL_DOCUMENTS: Record<string, string> = {
  Order: 'a UBL order',
  OrderResponse: 'a UBL order response',
  OrderChange: 'a UBL order change',
  DespatchAdvice: 'a UBL despatch advice',
  ReceiptAdvice: 'a UBL receipt advice',
  ApplicationResponse: 'a UBL application response (a status message)',
  Reminder: 'a UBL reminder',
  Catalogue: 'a UBL catalogue',
  Statement: 'a UBL statement of account',
  SelfBilledInvoice: 'a UBL self-billed invoice (SelfBilledInvoice)',
};

/** What the file is, in words, for a code of `details.document`; null for a code the console does not know. */
export function documentWords(document: string): string | null {
  if (document.startsWith('ubl:')) {
    const root = document.slice(4);
    const known = UBL_DOCUMENTS[root];
    return known ? t(known) : t('a UBL document ({root})', { root });
  }
  const words = DOCUMENTS[document];
  return words ? t(words) : null;
}

/** Why an upload was refused: what the file is when the API says it, else as refusedFile says it. */
export function refusedUpload(error: unknown, pdf: boolean): ConsoleMessage {
  // Read by shape, not `instanceof ApiError`: api.ts needs the browser's types, which the unit tests lack.
  const details = (error as { details?: Record<string, unknown> } | null)?.details;
  const document = details?.document;
  // A PDF sent as XML (a hybrid invoice whose name ends in .xml): may well be one the service reads.
  if (document === 'pdf')
    return {
      text: t('This file is a PDF but was sent as XML: rename it to end in .pdf and upload it again.'),
    };
  const words = typeof document === 'string' ? documentWords(document) : null;
  if (words === null) return refusedFile(error, pdf);
  return {
    text: t(
      'This file is {what}, not an e-invoice the service reads (XRechnung, ZUGFeRD, Factur-X, Peppol: UBL 2.1 or UN/CEFACT CII; or ZUGFeRD 1.0).',
      { what: words },
    ),
  };
}
