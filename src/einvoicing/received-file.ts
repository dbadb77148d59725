// Reading one received e-invoice (XML text or a hybrid PDF's bytes) into the EN 16931 data: everything a
// file can make expensive happens here, so it runs in the receive worker (workers/receive-pool.ts) and a
// hostile file can hold only that worker, under the time and memory limits of rendering. Bad input is a
// DomainError (a 4xx a bookkeeper reads), never a 500.
import { DomainError, validationError } from '../shared/errors';
import { invoiceXmlBytesOfPdf } from './pdf-invoice-xml';
import type { ReceivedInvoice } from './receive';
import { DECLARED_ENCODING, xmlTextOf } from './xml-text';
import { parseUntrustedXml } from './xsd/parse-xml';
import { DTD_PROBLEMS, XmlInputError } from './xsd/xml-input';
import { XmlLimitError } from './xsd/xml-limits';

/** A received e-invoice as it arrives: XML text, or the bytes of a hybrid PDF. */
export type ReceivedFile = { kind: 'xml'; xml: string } | { kind: 'pdf'; bytes: Uint8Array };

/** What reading gives: the data, and the XML text the official rules are to judge. */
export interface ReadReceived {
  read: ReceivedInvoice;
  xml: string;
}

/**
 * Reads a received file; in-process (the `receive` command) or in the receive workers, where `owner` (the
 * account) gets its turn in a queue fair between accounts.
 */
export type ReceivedReader = (file: ReceivedFile, owner?: string) => Promise<ReadReceived>;

export async function readReceivedFile(file: ReceivedFile): Promise<ReadReceived> {
  const text = file.kind === 'xml' ? file.xml : xmlTextOf(await invoiceXmlBytesOfPdf(file.bytes));
  const xml = withUtf8Declaration(text);
  // Loaded with the first received file: the XML parser and the mapping are not needed at start.
  const { NotAnEInvoiceError, parseEInvoice } = await import('./receive');
  try {
    const read = parseEInvoice(xml);
    // The mapping's parser is lenient (half a UBL file reads as an invoice); the rules' parser, libxml2, is
    // not: a file the rules could not even parse is refused here, by that parser, as a 422.
    (await parseUntrustedXml(xml)).dispose();
    return { read, xml };
  } catch (error) {
    if (error instanceof XmlLimitError) {
      if (error.limit === 'maxChars')
        throw new DomainError('payload_too_large', error.message, { max_chars: error.max });
      throw validationError([
        { loc: 'body', msg: `${error.message} (at most ${error.max})`, type: 'too_large' },
      ]);
    }
    if (error instanceof XmlInputError && DTD_PROBLEMS.has(error.code)) {
      // Read and judged exactly as sent, or not at all: a DTD could change the document (xml-input.ts).
      throw validationError([{ loc: 'body', msg: error.message, type: error.code }], error.message);
    }
    if (error instanceof NotAnEInvoiceError && error.document !== undefined) {
      // What the file is, as a code the console words in its language (details.document).
      throw new DomainError('unprocessable_entity', error.message, {
        fields: [{ loc: 'body', msg: error.message, type: 'not_an_einvoice' }],
        document: error.document,
      });
    }
    if (error instanceof XmlInputError) {
      // The rules' parser refused what the lenient mapping read: no well-formed XML either.
      throw new DomainError('unprocessable_entity', error.message, {
        fields: [{ loc: 'body', msg: error.message, type: 'not_an_einvoice' }],
        document: 'malformed_xml',
      });
    }
    if (error instanceof NotAnEInvoiceError) {
      throw validationError([{ loc: 'body', msg: error.message, type: 'not_an_einvoice' }], error.message);
    }
    // A value the mapping cannot take (an amount that is no number): the file's fault, never a 500.
    const msg = `The e-invoice cannot be read: ${whereInFile(xml, (error as Error).message)}`;
    throw validationError([{ loc: 'body', msg, type: 'not_an_einvoice' }], msg);
  }
}

const NO_DECIMAL = /^not a decimal string: (".*")$/s;

/**
 * The reader's complaint about a value, with the element that holds it and its line when the file has
 * it as an element's whole text (`cbc:PriceAmount on line 57 holds "abc", which is not a number`), so the
 * sender knows what to correct; otherwise the complaint as it is.
 */
export function whereInFile(xml: string, message: string): string {
  const quoted = NO_DECIMAL.exec(message)?.[1];
  if (quoted === undefined) return message;
  const value = JSON.parse(quoted) as string;
  const escaped = value.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (escaped === '') return message;
  const found = new RegExp(`<([\\w.:-]+)(?:\\s[^>]*)?>\\s*${escaped}\\s*</\\1\\s*>`).exec(xml);
  if (found === null) return `${quoted} is not a number where the file needs one`;
  const line = xml.slice(0, found.index).split('\n').length;
  return `${found[1]} on line ${line} holds ${quoted}, which is not a number`;
}

/**
 * The text is decoded already, so its declaration must say so: a declared `UTF-8_W/O_BOM` or ISO-8859-1
 * would make libxml2 refuse the text or read it a second time in the wrong encoding.
 */
export function withUtf8Declaration(xml: string): string {
  return xml.replace(
    DECLARED_ENCODING,
    (_all, before: string, quote: string) => `${before}${quote}UTF-8${quote}`,
  );
}
