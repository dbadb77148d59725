/** pdfkit's PDFObject.number. */
export const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A value already written as PDF: pdfkit's PDFObject.convert writes an object that is neither an array,
 * a plain object nor one of its own types by its `toString()`, so a cached font's W array is not written
 * number by number again for every document.
 */
export class PdfText {
  constructor(private readonly text: string) {}

  get [Symbol.toStringTag](): string {
    return 'PdfText';
  }

  toString(): string {
    return this.text;
  }
}
