import type { Language } from '../../../rendering/labels';

/**
 * The sentences of a document email, per language of the PDF labels (src/rendering/labels/): the email
 * speaks the language its attachment is printed in. Document type words, "Total", "Due date" come from
 * those labels too; only the sentences around them live here. No articles or genders: the document is
 * always named after a colon ("Please find attached: Invoice INV-7"), which reads right in every language.
 */
export interface EmailPhrases {
  /** Subject: `Invoice INV-7 from Acme Ltd`. */
  subject(title: string, number: string, seller: string): string;
  greeting: string;
  attached: string;
  ready: string;
  download: string;
  validUntil(when: string): string;
  closing: string;
  /** Between a label and its value: ": ", French "\u00a0: ". */
  colon: string;
  /**
   * What the e-invoice attached is, for a recipient (an authority's invoice intake) who must know which file
   * is the invoice: the XML file by name (`format` "XRechnung", "Peppol BIS Billing 3.0"), and the invoice's
   * PDF by name when it goes beside it (then only a copy to read; a reminder's letter is another PDF).
   */
  einvoiceXml(format: string, filename: string, pdf: string | null): string;
  /** A Factur-X buyer's PDF: the e-invoice is the XML embedded in it. */
  einvoiceInPdf: string;
  /** After a correction's title and number: the invoice it corrects ("Rechnungskorrektur RK-1 zur Rechnung RE-1"). */
  correcting(number: string): string;
  /** The subject of an e-mail that sends a document again (§ 14c UStG): `Kopie: Rechnung RE-7 von …`. */
  copySubject(subject: string): string;
  /** The body's sentence in such an e-mail: a copy of the document first sent on `date`, not a new one. */
  copyOf(title: string, number: string, date: string): string;
  /** A reminder's invoice PDF (`filename`), without the e-invoice: a copy to read, not a new invoice. */
  reminderCopy(filename: string): string;
}

/** French elides "de" before a vowel or a mute h: "de Müller", "d'Acme". */
const frenchFrom = (seller: string) =>
  /^[aeiouyhàâäéèêëîïôöùûü]/i.test(seller) ? `d’${seller}` : `de ${seller}`;

export const PHRASES: Record<Language, EmailPhrases> = {
  en: {
    subject: (title, number, seller) => `${title} ${number} from ${seller}`,
    greeting: 'Hello,',
    attached: 'Please find attached:',
    ready: 'Your document is ready:',
    download: 'Download the PDF:',
    validUntil: (when) => `The link is valid until ${when}.`,
    closing: 'Kind regards,',
    colon: ': ',
    einvoiceXml: (format, filename, pdf) =>
      `The e-invoice (${format}, XML) is attached as ${filename}${pdf ? `; ${pdf} is a copy to read` : ''}.`,
    einvoiceInPdf:
      'The PDF is an e-invoice (Factur-X/ZUGFeRD, EN 16931): it contains the invoice data as an embedded XML file.',
    correcting: (number) => `for invoice ${number}`,
    copySubject: (subject) => `Copy: ${subject}`,
    copyOf: (title, number, date) =>
      `This is a copy of ${title} ${number}, sent to you on ${date}: not a new invoice, please do not book it again.`,
    reminderCopy: (filename) => `${filename} is a copy of the invoice to read, not a new invoice.`,
  },
  de: {
    subject: (title, number, seller) => `${title} ${number} von ${seller}`,
    greeting: 'Guten Tag,',
    attached: 'anbei erhalten Sie:',
    ready: 'Ihr Dokument steht bereit:',
    download: 'PDF herunterladen:',
    validUntil: (when) => `Der Link ist gültig bis ${when}.`,
    closing: 'Mit freundlichen Grüßen',
    colon: ': ',
    einvoiceXml: (format, filename, pdf) =>
      `Die E-Rechnung (${format}, XML) ist als ${filename} beigefügt${pdf ? `; ${pdf} dient nur zur Ansicht` : ''}.`,
    einvoiceInPdf:
      'Das PDF ist eine E-Rechnung (Factur-X/ZUGFeRD, EN 16931): Es enthält die Rechnungsdaten als eingebettete XML-Datei.',
    correcting: (number) => `zur Rechnung ${number}`,
    copySubject: (subject) => `Kopie: ${subject}`,
    copyOf: (title, number, date) =>
      `Dies ist eine Kopie der ${title} ${number}, die Ihnen am ${date} gesendet wurde: keine neue Rechnung, bitte nicht noch einmal buchen.`,
    reminderCopy: (filename) => `${filename} ist eine Kopie der Rechnung zur Ansicht, keine neue Rechnung.`,
  },
  fr: {
    subject: (title, number, seller) => `${title} ${number} ${frenchFrom(seller)}`,
    greeting: 'Bonjour,',
    attached: 'Veuillez trouver ci-joint\u00a0:',
    ready: 'Votre document est disponible\u00a0:',
    download: 'Télécharger le PDF\u00a0:',
    validUntil: (when) => `Le lien est valable jusqu’au ${when}.`,
    closing: 'Cordialement,',
    colon: '\u00a0: ',
    einvoiceXml: (format, filename, pdf) =>
      `La facture électronique (${format}, XML) est jointe sous le nom ${filename}${pdf ? `\u00a0; ${pdf} en est une copie lisible` : ''}.`,
    einvoiceInPdf:
      'Le PDF est une facture électronique (Factur-X/ZUGFeRD, EN 16931)\u00a0: il contient les données de la facture dans un fichier XML intégré.',
    correcting: (number) => `relative à la facture ${number}`,
    copySubject: (subject) => `Copie\u00a0: ${subject}`,
    copyOf: (title, number, date) =>
      `Ceci est une copie, envoyée une première fois le ${date}\u00a0: ${title} ${number}. Ce n’est pas une nouvelle facture, merci de ne pas la comptabiliser une seconde fois.`,
    reminderCopy: (filename) =>
      `${filename} est une copie de la facture, pour lecture\u00a0; ce n’est pas une nouvelle facture.`,
  },
  es: {
    subject: (title, number, seller) => `${title} ${number} de ${seller}`,
    greeting: 'Hola:',
    attached: 'Le enviamos adjunto:',
    ready: 'Su documento está disponible:',
    download: 'Descargar el PDF:',
    validUntil: (when) => `El enlace es válido hasta el ${when}.`,
    closing: 'Saludos cordiales,',
    colon: ': ',
    einvoiceXml: (format, filename, pdf) =>
      `La factura electrónica (${format}, XML) se adjunta como ${filename}${pdf ? `; ${pdf} es una copia para leer` : ''}.`,
    einvoiceInPdf:
      'El PDF es una factura electrónica (Factur-X/ZUGFeRD, EN 16931): contiene los datos de la factura en un archivo XML incrustado.',
    correcting: (number) => `de la factura ${number}`,
    copySubject: (subject) => `Copia: ${subject}`,
    copyOf: (title, number, date) =>
      `Esta es una copia, enviada por primera vez el ${date}: ${title} ${number}. No es una factura nueva; por favor, no la contabilice de nuevo.`,
    reminderCopy: (filename) => `${filename} es una copia de la factura para leer, no una factura nueva.`,
  },
  it: {
    subject: (title, number, seller) => `${title} ${number} da ${seller}`,
    greeting: 'Buongiorno,',
    attached: 'In allegato trova:',
    ready: 'Il suo documento è disponibile:',
    download: 'Scarica il PDF:',
    validUntil: (when) => `Il link è valido fino al ${when}.`,
    closing: 'Cordiali saluti,',
    colon: ': ',
    einvoiceXml: (format, filename, pdf) =>
      `La fattura elettronica (${format}, XML) è allegata come ${filename}${pdf ? `; ${pdf} ne è una copia da leggere` : ''}.`,
    einvoiceInPdf:
      'Il PDF è una fattura elettronica (Factur-X/ZUGFeRD, EN 16931): contiene i dati della fattura in un file XML incorporato.',
    correcting: (number) => `relativa alla fattura ${number}`,
    copySubject: (subject) => `Copia: ${subject}`,
    copyOf: (title, number, date) =>
      `Questa è una copia, inviata la prima volta il ${date}: ${title} ${number}. Non è una nuova fattura, si prega di non registrarla di nuovo.`,
    reminderCopy: (filename) => `${filename} è una copia della fattura da leggere, non una nuova fattura.`,
  },
  nl: {
    subject: (title, number, seller) => `${title} ${number} van ${seller}`,
    greeting: 'Goedendag,',
    attached: 'In de bijlage vindt u:',
    ready: 'Uw document staat klaar:',
    download: 'Download de pdf:',
    validUntil: (when) => `De link is geldig tot ${when}.`,
    closing: 'Met vriendelijke groet,',
    colon: ': ',
    einvoiceXml: (format, filename, pdf) =>
      `De e-factuur (${format}, XML) is bijgevoegd als ${filename}${pdf ? `; ${pdf} is een leesbare kopie` : ''}.`,
    einvoiceInPdf:
      'De pdf is een e-factuur (Factur-X/ZUGFeRD, EN 16931): de factuurgegevens zitten er als ingesloten XML-bestand in.',
    correcting: (number) => `bij factuur ${number}`,
    copySubject: (subject) => `Kopie: ${subject}`,
    copyOf: (title, number, date) =>
      `Dit is een kopie, voor het eerst verzonden op ${date}: ${title} ${number}. Het is geen nieuwe factuur; boek deze niet nogmaals.`,
    reminderCopy: (filename) => `${filename} is een leesbare kopie van de factuur, geen nieuwe factuur.`,
  },
};
