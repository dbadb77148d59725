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
  },
};
