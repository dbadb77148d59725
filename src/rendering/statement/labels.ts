// The words of a customer statement in the six languages documents are drawn in (../labels.ts); any other
// language gets English words (with its own date and number formats).

export interface StatementLabels {
  title: string;
  period: string;
  issued: string;
  customer: string;
  columns: { date: string; type: string; number: string; due: string; amount: string; balance: string };
  types: { invoice: string; credit_note: string; payment: string; discount: string };
  /** After the title on the pages after the first. */
  continued: string;
  opening: string;
  closing: string;
  /** `{date}` is replaced. */
  overdueOn: string;
  daysOverdue: string;
  amountDue: string;
  noEntries: string;
  nothingOverdue: string;
  noTransactions: string;
  /** `{page}` and `{pages}` are replaced. */
  page: string;
}

const en: StatementLabels = {
  title: 'Statement of account',
  period: 'Period',
  issued: 'Date',
  customer: 'Customer',
  columns: {
    date: 'Date',
    type: 'Entry',
    number: 'Number',
    due: 'Due',
    amount: 'Amount',
    balance: 'Balance',
  },
  types: {
    invoice: 'Invoice',
    credit_note: 'Credit note',
    payment: 'Payment',
    discount: 'Early payment discount',
  },
  continued: 'continued',
  opening: 'Opening balance',
  closing: 'Closing balance',
  overdueOn: 'Overdue on {date}',
  daysOverdue: 'days overdue',
  amountDue: 'Amount due',
  noEntries: 'No entries in this period.',
  nothingOverdue: 'Nothing is overdue.',
  noTransactions: 'No invoices, credit notes or payments up to the end of this period.',
  page: 'Page {page} of {pages}',
};

const de: StatementLabels = {
  title: 'Kontoauszug',
  period: 'Zeitraum',
  issued: 'Datum',
  customer: 'Kunde',
  columns: {
    date: 'Datum',
    type: 'Buchung',
    number: 'Nummer',
    due: 'Fällig',
    amount: 'Betrag',
    balance: 'Saldo',
  },
  // A credit note naming an invoice corrects it (§ 14 UStG): a "Gutschrift" is self-billing in German.
  types: { invoice: 'Rechnung', credit_note: 'Rechnungskorrektur', payment: 'Zahlung', discount: 'Skonto' },
  continued: 'Fortsetzung',
  opening: 'Anfangssaldo',
  closing: 'Endsaldo',
  overdueOn: 'Überfällig am {date}',
  daysOverdue: 'Tage überfällig',
  amountDue: 'Offener Betrag',
  noEntries: 'Keine Buchungen in diesem Zeitraum.',
  nothingOverdue: 'Nichts ist überfällig.',
  noTransactions: 'Keine Rechnungen, Rechnungskorrekturen oder Zahlungen bis zum Ende dieses Zeitraums.',
  page: 'Seite {page} von {pages}',
};

const fr: StatementLabels = {
  title: 'Relevé de compte',
  period: 'Période',
  issued: 'Date',
  customer: 'Client',
  columns: {
    date: 'Date',
    type: 'Écriture',
    number: 'Numéro',
    due: 'Échéance',
    amount: 'Montant',
    balance: 'Solde',
  },
  types: { invoice: 'Facture', credit_note: 'Avoir', payment: 'Paiement', discount: 'Escompte' },
  continued: 'suite',
  opening: 'Solde initial',
  closing: 'Solde final',
  overdueOn: 'En retard au {date}',
  daysOverdue: 'jours de retard',
  amountDue: 'Montant dû',
  noEntries: 'Aucune écriture sur cette période.',
  nothingOverdue: 'Rien n’est en retard.',
  noTransactions: 'Aucune facture, aucun avoir ni paiement jusqu’à la fin de cette période.',
  page: 'Page {page} sur {pages}',
};

const es: StatementLabels = {
  title: 'Extracto de cuenta',
  period: 'Periodo',
  issued: 'Fecha',
  customer: 'Cliente',
  columns: {
    date: 'Fecha',
    type: 'Asiento',
    number: 'Número',
    due: 'Vencimiento',
    amount: 'Importe',
    balance: 'Saldo',
  },
  types: {
    invoice: 'Factura',
    credit_note: 'Nota de crédito',
    payment: 'Pago',
    discount: 'Descuento por pronto pago',
  },
  continued: 'continuación',
  opening: 'Saldo inicial',
  closing: 'Saldo final',
  overdueOn: 'Vencido a {date}',
  daysOverdue: 'días de retraso',
  amountDue: 'Importe pendiente',
  noEntries: 'Ningún asiento en este periodo.',
  nothingOverdue: 'Nada está vencido.',
  noTransactions: 'Ninguna factura, nota de crédito o pago hasta el final de este periodo.',
  page: 'Página {page} de {pages}',
};

const it: StatementLabels = {
  title: 'Estratto conto',
  period: 'Periodo',
  issued: 'Data',
  customer: 'Cliente',
  columns: {
    date: 'Data',
    type: 'Movimento',
    number: 'Numero',
    due: 'Scadenza',
    amount: 'Importo',
    balance: 'Saldo',
  },
  types: {
    invoice: 'Fattura',
    credit_note: 'Nota di credito',
    payment: 'Pagamento',
    discount: 'Sconto cassa',
  },
  continued: 'continua',
  opening: 'Saldo iniziale',
  closing: 'Saldo finale',
  overdueOn: 'Scaduto al {date}',
  daysOverdue: 'giorni di ritardo',
  amountDue: 'Importo dovuto',
  noEntries: 'Nessun movimento in questo periodo.',
  nothingOverdue: 'Nulla è scaduto.',
  noTransactions: 'Nessuna fattura, nota di credito o pagamento fino alla fine di questo periodo.',
  page: 'Pagina {page} di {pages}',
};

const nl: StatementLabels = {
  title: 'Rekeningoverzicht',
  period: 'Periode',
  issued: 'Datum',
  customer: 'Klant',
  columns: {
    date: 'Datum',
    type: 'Boeking',
    number: 'Nummer',
    due: 'Vervaldatum',
    amount: 'Bedrag',
    balance: 'Saldo',
  },
  types: { invoice: 'Factuur', credit_note: 'Creditnota', payment: 'Betaling', discount: 'Betalingskorting' },
  continued: 'vervolg',
  opening: 'Beginsaldo',
  closing: 'Eindsaldo',
  overdueOn: 'Achterstallig op {date}',
  daysOverdue: 'dagen te laat',
  amountDue: 'Openstaand bedrag',
  noEntries: 'Geen boekingen in deze periode.',
  nothingOverdue: 'Niets is achterstallig.',
  noTransactions: 'Geen facturen, creditnota’s of betalingen tot het einde van deze periode.',
  page: 'Pagina {page} van {pages}',
};

const LABELS: Record<string, StatementLabels> = { en, de, fr, es, it, nl };

export function statementLabels(locale: string): StatementLabels {
  return LABELS[locale.split('-')[0]?.toLowerCase() ?? 'en'] ?? en;
}
