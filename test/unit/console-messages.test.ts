// API errors as a person using the console reads them: what to do, and where (issue 36).
import { describe, expect, test } from 'bun:test';
import { chooseLanguage } from '../../src/console/i18n';
import { consoleMessage, messageOf, refusedFile } from '../../src/console/ui/messages';
import { plainProblem } from '../../src/console/ui/plain-problems';
import { customerProblems } from '../../src/modules/customers';
import { ApiError, inGerman } from './console-kit';

describe('consoleMessage', () => {
  test('a role refusal names the right in words, never a wsm_ id, and links to the teams', () => {
    const refusal = new ApiError(
      403,
      'forbidden',
      "Missing permission resources:write_all: this signed-in user acts as workspace member wsm_01 with role 'member'",
      [],
      {
        permission: 'resources:write_all',
        role: 'member',
        workspace_member_id: 'wsm_01',
      },
    );
    const message = consoleMessage(refusal);
    expect(message?.text).toBe(
      'Your role (member) does not allow this: it needs the right to change what others created, or the account’s defaults. Ask an owner or admin.',
    );
    expect(message?.text).not.toContain('wsm_');
    expect(message?.link?.href).toBe('#/settings');
  });

  test('DATEV without consultant and client numbers points to where they are entered', () => {
    const missing = new ApiError(
      409,
      'conflict',
      'Set consultant_number and client_number in PUT /api/v1/settings/accounting before exporting to DATEV',
      [],
      {
        missing: ['consultant_number', 'client_number'],
      },
    );
    expect(consoleMessage(missing)).toEqual({
      text: 'Enter the consultant and client numbers (Beraternummer, Mandantennummer) before the DATEV export.',
      link: { href: '#/exports', label: 'DATEV settings' },
    });
  });

  test('DATEV with no debtor account left names the customer and links to it', () => {
    const full = new ApiError(409, 'conflict', 'Every DATEV debtor account … is given', [], {
      reason: 'debtor_accounts_full',
      customer_id: 'cus_1',
      customer_name: 'Acme GmbH',
      first: 10000,
      last: 69999,
    });
    expect(consoleMessage(full)).toEqual({
      text: 'Every DATEV debtor account from 10000 to 69999 is given: enter a debtor number for Acme GmbH by hand.',
      link: { href: '#/customers/cus_1', label: 'Open the customer' },
    });
  });

  test('DATEV meeting a debtor number of another account length names the customer, the number and the way out', () => {
    const stray = new ApiError(409, 'conflict', "Breit GmbH's debtor_number 123456 is no …", [], {
      reason: 'debtor_number_out_of_range',
      customer_id: 'cus_2',
      customer_name: 'Breit GmbH',
      debtor_number: 123456,
      first: 10000,
      last: 69999,
      account_length: 4,
    });
    expect(consoleMessage(stray)).toEqual({
      text: 'The debtor number 123456 of Breit GmbH is not a DATEV debtor account at account length 4 (from 10000 to 69999): change the number, or the account length in the DATEV settings.',
      link: { href: '#/customers/cus_2', label: 'Open the customer' },
    });
  });

  test('validation, not found and other known codes; an unknown one keeps the API words', () => {
    const fields = new ApiError(422, 'unprocessable_entity', 'Request validation failed', [
      { loc: 'body.name', msg: 'Field required', type: 'missing' },
    ]);
    expect(messageOf(fields).text).toBe('Please check the marked fields.');
    expect(messageOf(new ApiError(404, 'not_found', 'Customer not found')).text).toBe(
      'The customer was not found: it may have been deleted meanwhile.',
    );
    expect(
      messageOf(new ApiError(501, 'not_configured', 'email delivery is not configured: set SMTP_URL')).text,
    ).toContain('Sending e-mail is not set up');
    expect(messageOf(new ApiError(409, 'conflict', 'Only a finalized document can be sent')).text).toBe(
      'Only a finalized document can be sent.',
    );
    const voided = new ApiError(409, 'conflict', 'Cannot send a document that is void', [], {
      status: 'void',
    });
    expect(messageOf(voided).text).toBe('This is not possible while it is “Voided”.');
  });
});

describe('plainProblem: the API field messages a person meets, in words (issue 36)', () => {
  test.each([
    ['Field required', 'Required.'],
    ['name must not be blank', 'Required.'],
    [
      'the IBAN check digits do not match (ISO 13616 mod 97)',
      'This IBAN has a typo: its check digits do not match.',
    ],
    [
      'percent must be more than 0 and less than 100, with at most 2 decimals',
      'Enter a percent above 0 and below 100, e.g. 2 or 2,5.',
    ],
    ['Expected integer to be less or equal to 4', 'Enter a whole number up to 4.'],
    ['Expected integer to be greater or equal to 1', 'Enter a whole number of at least 1.'],
    ['Expected integer', 'Enter a whole number.'],
    [
      customerProblems({ debtor_number: 70001 })[0]?.msg ?? 'no problem found',
      'Enter a DATEV debtor account, e.g. 10000 (10000 to 69999 at the usual account length 4), or leave it empty.',
    ],
    ['something the console does not know', 'something the console does not know'],
  ])('%s', (message, words) => {
    expect(plainProblem(message)).toBe(words);
  });

  test("a DATEV number out of its range is said with DATEV's range, whichever end it missed", () => {
    const consultant = 'Enter the consultant number as a whole number from 1001 to 9999999.';
    expect(plainProblem('Expected integer to be greater or equal to 1001', 'consultant_number')).toBe(
      consultant,
    );
    expect(plainProblem('Expected integer to be less or equal to 9999999', 'body.consultant_number')).toBe(
      consultant,
    );
    expect(plainProblem('Expected integer', 'client_number')).toBe(
      'Enter the client number as a whole number from 1 to 99999.',
    );
  });
});

// The exact messages of src/modules/payments/amounts.ts, src/modules/dunning/policy.ts and the recurring
// invoices' numbering, as a German form shows them under their fields.
describe('plainProblem in German: payments, dunning levels and recurring numbers', () => {
  inGerman();

  test.each([
    ['amount must be a decimal string such as "119.00"', 'Geben Sie einen Betrag wie 119,00 ein.'],
    ['amount must be greater than zero', 'Geben Sie einen Betrag über null ein.'],
    [
      'amount has more decimals than EUR has minor units (2)',
      'Ein Betrag in EUR hat höchstens 2 Nachkommastellen.',
    ],
    [
      'fee must be a decimal string of at least 0, such as "5.00"',
      'Geben Sie eine Gebühr von 0 oder mehr ein, z. B. 5,00.',
    ],
    [
      "days_after_due must be greater than the previous level's",
      'Geben Sie mehr Tage an als bei der vorigen Stufe.',
    ],
    [
      'unknown placeholder {Rechnungsnummer}; known: {number}, {issue_date}, {total}',
      '{Rechnungsnummer} ist kein Platzhalter. Möglich sind: {number}, {issue_date}, {total}',
    ],
    ['numbering sequence not found', 'Diesen Nummernkreis gibt es nicht mehr: Wählen Sie einen anderen.'],
    [
      "Field required (or the template's numbering_sequence_id): each invoice takes its number from it",
      'Geben Sie die Nummer der ersten Rechnung ein, z. B. RE-2026-001, oder wählen Sie einen Nummernkreis.',
    ],
    [
      'invoice_number needs digits to continue from (INV-0001 -> INV-0002) for a series',
      'Die Nummer braucht Ziffern zum Weiterzählen, z. B. RE-2026-001.',
    ],
    ['Field required', 'Pflichtfeld.'],
    // A business profile's or customer's codes typed as words on a phone ("Deutschland", "Euro").
    [
      "Expected string to match '^[A-Z]{2}$'",
      'Geben Sie das Länderkürzel mit zwei Buchstaben ein, z. B. DE für Deutschland.',
    ],
    [
      "'Euro' is not an active ISO 4217 currency code",
      'Geben Sie das Währungskürzel mit drei Buchstaben ein, z. B. EUR.',
    ],
    [
      "Expected string to match '^[A-Z]{3}$'",
      'Geben Sie das Währungskürzel mit drei Buchstaben ein, z. B. EUR.',
    ],
    [
      "Expected string to match '^https?://'",
      'Geben Sie die Webadresse mit https:// ein, z. B. https://www.beispiel.de.',
    ],
    ["'deutsch' is not a supported locale", 'Geben Sie Sprache und Land als Kürzel ein, z. B. de-DE.'],
    ["'Berlin' is not an IANA time zone", 'Geben Sie eine Zeitzone wie Europe/Berlin ein.'],
    // A recurring invoice's start typed a few centuries early (0202 for 2022).
    [
      'a schedule from 0202-03-01 would make more than 10000 invoices at once for the dates already past: is the year right? (start it later, or set end_date or max_occurrences)',
      'Für die schon vergangenen Termine würden auf einmal mehr als 10000 Rechnungen erstellt: Stimmt das Jahr?',
    ],
  ])('%s', (message, words) => {
    expect(plainProblem(message)).toBe(words);
  });
});

describe('plainProblem in English keeps the example the English way', () => {
  test('a payment amount', () => {
    expect(plainProblem('amount must be a decimal string such as "119.00"')).toBe(
      'Enter an amount such as 119.00.',
    );
  });
});

// Void refused while payments are recorded on the invoice (src/modules/documents/use-cases/change-document-status.ts).
describe('void refused for payments, in German', () => {
  inGerman();
  const refusal = (paid: string, message: string) =>
    new ApiError(409, 'conflict', message, [], { action: 'void', status: 'sent', amount_paid: paid });

  test('a reminder level sent meanwhile is said in German, not as the API words it', () => {
    const sent = new ApiError(409, 'conflict', 'Level 2 was already sent for this invoice', [], {
      action: 'send-reminder',
      level: 2,
    });
    expect(messageOf(sent).text).toBe(
      'Dieses Schreiben wurde für diese Rechnung inzwischen versendet. Laden Sie die Seite neu, um die versendeten Mahnungen zu sehen.',
    );
  });

  test('payments recorded: their amount in the currency of the message, and what to undo first', () => {
    const paid = refusal(
      '1250.00',
      'This document cannot be cancelled while payments of 1250.00 CHF are recorded on it: delete them first',
    );
    expect(messageOf(paid).text).toBe(
      'Diese Rechnung kann nicht storniert werden, solange Zahlungen über 1.250,00\u00a0CHF auf ihr erfasst sind: Löschen Sie diese zuerst unter „Zahlungen“.',
    );
  });
});

// Received documents (src/modules/receiving/use-cases/received-payments.ts): refused for what they are, said
// so in German; a state problem names the state in German, never the API's word for it.
describe('received documents refused, in German', () => {
  inGerman();
  const conflict = (details: Record<string, unknown>) =>
    new ApiError(409, 'conflict', 'an English sentence', [], details);

  test('a credit note marked paid says it is a credit, not "not possible in the state received"', () => {
    const text = messageOf(
      conflict({ action: 'mark-paid', document_type: 'credit_note', amount_due: '1656.25', currency: 'EUR' }),
    ).text;
    expect(text).toBe(
      'Eine Rechnungskorrektur wird nicht bezahlt: Der Verkäufer schuldet Ihnen ihren Betrag (oder verrechnet ihn mit einer Rechnung).',
    );
  });

  test('an invoice stating a negative amount due: nothing to pay, the amount owed back', () => {
    const text = messageOf(
      conflict({ action: 'mark-paid', document_type: 'invoice', amount_due: '-10000.00', currency: 'SEK' }),
    ).text;
    expect(text).toBe(
      'Diese Rechnung weist einen negativen Betrag aus: Zu zahlen ist nichts, der Verkäufer schuldet Ihnen 10.000,00\u00a0SEK.',
    );
  });

  test('another file of an invoice: in German, with a link to the file that counts', () => {
    const message = messageOf(conflict({ action: 'mark-paid', duplicate_of: 'rcv_01abc' }));
    expect(message).toEqual({
      text: 'Das ist eine weitere Datei einer bereits empfangenen Rechnung: Erfassen Sie die Zahlung bei der maßgeblichen Datei.',
      link: { href: '#/received/rcv_01abc', label: 'Die maßgebliche Datei öffnen' },
    });
  });

  test('set back from paid while its own payments settle it: what to delete, not its state', () => {
    const text = messageOf(conflict({ action: 'mark-unpaid', amount_paid: '529.87', currency: 'EUR' })).text;
    expect(text).toBe(
      'Erfasste Zahlungen von 529,87\u00a0€ begleichen sie: Löschen Sie eine unter „Zahlungen“, um sie wieder zu öffnen.',
    );
  });

  test('a rejected one names its state in German; an issued credit note in a wrong state stays a state problem', () => {
    expect(messageOf(conflict({ action: 'record-payment', status: 'rejected' })).text).toBe(
      'Das ist im Status „Abgelehnt“ nicht möglich.',
    );
    expect(messageOf(conflict({ action: 'mark-paid', status: 'received' })).text).toBe(
      'Das ist im Status „Empfangen“ nicht möglich.',
    );
    expect(
      messageOf(conflict({ action: 'mark-unpaid', status: 'draft', document_type: 'credit_note' })).text,
    ).toBe('Das ist im Status „Entwurf“ nicht möglich.');
  });

  test('an upload refused: a PDF without an e-invoice and a file that is none, by the problem type', () => {
    const refused = (type: string, message: string, reason?: string) =>
      new ApiError(422, 'unprocessable_entity', message, [{ loc: 'body', msg: message, type }], {
        fields: [{ loc: 'body', msg: message, type }],
        ...(reason && { reason }),
      });
    const plainPdf = refused(
      'not_an_einvoice',
      'The PDF carries no embedded e-invoice (no factur-x.xml, zugferd-invoice.xml or xrechnung.xml)',
      'no_embedded_invoice',
    );
    expect(refusedFile(plainPdf, true).text).toBe(
      'Diese PDF-Datei enthält keine E-Rechnung, die der Dienst lesen kann (keine eingebettete XRechnung-, ZUGFeRD- oder Factur-X-Datei): Eine reine PDF-Rechnung kann nicht übernommen werden.',
    );
    const encrypted = refused('not_an_einvoice', 'The PDF is encrypted: send it unencrypted', 'encrypted');
    expect(refusedFile(encrypted, true).text).toBe(
      'Die PDF ist verschlüsselt: Bitten Sie um eine unverschlüsselte.',
    );
    expect(
      refusedFile(
        refused(
          'not_an_einvoice',
          'This is a UBL despatch advice, not an e-invoice: the service reads UBL 2.1',
        ),
        false,
      ).text,
    ).toBe(
      'Diese Datei ist keine E-Rechnung, die der Dienst lesen kann: This is a UBL despatch advice, not an e-invoice: the service reads UBL 2.1.',
    );
    expect(refusedFile(refused('doctype_not_allowed', 'DOCTYPE'), false).text).toBe(
      'Die XML-Datei enthält eine DOCTYPE-Deklaration, die der Dienst nicht liest: Eine E-Rechnung braucht keine.',
    );
    expect(refusedFile(new ApiError(413, 'payload_too_large', 'too large'), false).text).toBe(
      'Die Datei oder Anfrage ist zu groß.',
    );
  });

  test('a damaged hybrid PDF is no "plain PDF": the e-invoice in it cannot be read, saying why', () => {
    const message =
      'The PDF is damaged: its catalog lists factur-x.xml among its associated files (/AF), but its embedded files (/Names) do not hold it';
    const damaged = new ApiError(422, 'unprocessable_entity', message, [], {
      fields: [{ loc: 'body', msg: message, type: 'not_an_einvoice' }],
    });
    const text = refusedFile(damaged, true).text;
    expect(text).toBe(`Die E-Rechnung in dieser Datei kann nicht gelesen werden: ${message}.`);
    expect(text).not.toContain('reine PDF-Rechnung');
    chooseLanguage('en');
    expect(refusedFile(damaged, true).text).toBe(`The e-invoice in this file cannot be read: ${message}.`);
    chooseLanguage('de');
  });

  test('an XML with a value that is no number: the e-invoice cannot be read, naming the element and line', () => {
    const message =
      'The e-invoice cannot be read: cbc:PriceAmount on line 57 holds "abc", which is not a number';
    const bad = new ApiError(422, 'unprocessable_entity', message, [], {
      fields: [{ loc: 'body', msg: message, type: 'not_an_einvoice' }],
    });
    expect(refusedFile(bad, false).text).toBe(
      'Die E-Rechnung in dieser Datei kann nicht gelesen werden: cbc:PriceAmount on line 57 holds "abc", which is not a number.',
    );
  });

  test("any other upload refusal says the API's sentence: an upload has no fields to mark", () => {
    const message = 'The XML has more than 100000 elements (at most 100000)';
    const fields = [{ loc: 'body', msg: message, type: 'something_new' }];
    const other = new ApiError(422, 'unprocessable_entity', message, fields, { fields });
    const text = refusedFile(other, false).text;
    expect(text).toBe(`${message}.`);
    expect(text).not.toBe('Bitte prüfen Sie die markierten Felder.');
  });
});
