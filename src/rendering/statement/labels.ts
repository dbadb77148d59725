// The words of a customer statement, in English and German; other languages fall back to English.

export interface StatementLabels {
  title: string;
  period: string;
  issued: string;
  customer: string;
  columns: { date: string; type: string; number: string; due: string; amount: string; balance: string };
  types: { invoice: string; credit_note: string; payment: string };
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
  types: { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment' },
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
  types: { invoice: 'Rechnung', credit_note: 'Gutschrift', payment: 'Zahlung' },
  opening: 'Anfangssaldo',
  closing: 'Endsaldo',
  overdueOn: 'Überfällig am {date}',
  daysOverdue: 'Tage überfällig',
  amountDue: 'Offener Betrag',
  noEntries: 'Keine Buchungen in diesem Zeitraum.',
  nothingOverdue: 'Nichts ist überfällig.',
  noTransactions: 'Keine Rechnungen, Gutschriften oder Zahlungen bis zum Ende dieses Zeitraums.',
  page: 'Seite {page} von {pages}',
};

export function statementLabels(locale: string): StatementLabels {
  return locale.toLowerCase().startsWith('de') ? de : en;
}
