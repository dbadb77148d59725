import type { Language } from '../labels';

/** The words of a reminder letter beside the document labels, per label language. */
export interface LetterWords {
  letterDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  payBy: string;
  outstanding: string;
  fee: string;
  totalToPay: string;
  /** The line above the letter's text: "Invoice INV-7 of 1 Oct 2026". */
  regarding(title: string, number: string, date: string): string;
}

export const LETTER_WORDS: Record<Language, LetterWords> = {
  en: {
    letterDate: 'Date',
    invoiceNumber: 'Invoice number',
    invoiceDate: 'Invoice date',
    dueDate: 'Was due on',
    payBy: 'Please pay by',
    outstanding: 'Amount outstanding',
    fee: 'Reminder fee',
    totalToPay: 'Total to pay',
    regarding: (title, number, date) => `${title} ${number} of ${date}`,
  },
  de: {
    letterDate: 'Datum',
    invoiceNumber: 'Rechnungsnummer',
    invoiceDate: 'Rechnungsdatum',
    dueDate: 'Fällig seit',
    payBy: 'Zahlbar bis',
    outstanding: 'Offener Betrag',
    fee: 'Mahngebühr',
    totalToPay: 'Zu zahlender Betrag',
    regarding: (title, number, date) => `${title} ${number} vom ${date}`,
  },
  fr: {
    letterDate: 'Date',
    invoiceNumber: 'Numéro de facture',
    invoiceDate: 'Date de facture',
    dueDate: 'Échue le',
    payBy: 'À payer avant le',
    outstanding: 'Montant restant dû',
    fee: 'Frais de relance',
    totalToPay: 'Total à payer',
    regarding: (title, number, date) => `${title} ${number} du ${date}`,
  },
  es: {
    letterDate: 'Fecha',
    invoiceNumber: 'Número de factura',
    invoiceDate: 'Fecha de factura',
    dueDate: 'Vencida el',
    payBy: 'Pagar antes del',
    outstanding: 'Importe pendiente',
    fee: 'Gastos de reclamación',
    totalToPay: 'Total a pagar',
    regarding: (title, number, date) => `${title} ${number} del ${date}`,
  },
  it: {
    letterDate: 'Data',
    invoiceNumber: 'Numero fattura',
    invoiceDate: 'Data fattura',
    dueDate: 'Scaduta il',
    payBy: 'Da pagare entro il',
    outstanding: 'Importo insoluto',
    fee: 'Spese di sollecito',
    totalToPay: 'Totale da pagare',
    regarding: (title, number, date) => `${title} ${number} del ${date}`,
  },
  nl: {
    letterDate: 'Datum',
    invoiceNumber: 'Factuurnummer',
    invoiceDate: 'Factuurdatum',
    dueDate: 'Vervallen op',
    payBy: 'Te betalen vóór',
    outstanding: 'Openstaand bedrag',
    fee: 'Aanmaningskosten',
    totalToPay: 'Totaal te betalen',
    regarding: (title, number, date) => `${title} ${number} van ${date}`,
  },
};
