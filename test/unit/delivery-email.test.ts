import { describe, expect, test } from 'bun:test';
import {
  type BodyInput,
  composeBody,
  defaultSubject,
  emailLocale,
  oneLine,
} from '../../src/modules/deliveries/email/compose';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const base: BodyInput = {
  locale: 'en-US',
  documentType: 'invoice',
  number: 'INV-0001',
  sellerName: 'Acme GmbH',
  currency: 'EUR',
  total: '1234.50',
  dueDate: '2026-12-02',
  message: null,
  attached: true,
  link: 'https://inv.example/api/v1/renders/rnd_1/download?token=t',
  linkExpiresAt: '2026-11-10T09:00:00.000Z',
};

describe('default subject', () => {
  const subjects: [string, string][] = [
    ['en-US', 'Invoice INV-0001 from Acme GmbH'],
    ['de-DE', 'Rechnung INV-0001 von Acme GmbH'],
    ['fr-FR', 'Facture INV-0001 d’Acme GmbH'],
    ['es-ES', 'Factura INV-0001 de Acme GmbH'],
    ['it-IT', 'Fattura INV-0001 da Acme GmbH'],
    ['nl-NL', 'Factuur INV-0001 van Acme GmbH'],
    ['ja-JP', 'Invoice INV-0001 from Acme GmbH'],
  ];
  for (const [locale, subject] of subjects) {
    test(`${locale}: ${subject}`, () => {
      expect(defaultSubject({ ...base, locale })).toBe(subject);
    });
  }

  test('per document type, and French "de" before a consonant', () => {
    expect(defaultSubject({ ...base, documentType: 'credit_note', sellerName: 'Müller' })).toBe(
      'Credit note INV-0001 from Müller',
    );
    expect(defaultSubject({ ...base, locale: 'de-AT', documentType: 'quote' })).toBe(
      'Angebot INV-0001 von Acme GmbH',
    );
    // A stored credit note corrects an invoice: in German a Rechnungskorrektur ("Gutschrift" is self-billing).
    expect(defaultSubject({ ...base, locale: 'de-DE', documentType: 'credit_note' })).toBe(
      'Rechnungskorrektur INV-0001 von Acme GmbH',
    );
    expect(defaultSubject({ ...base, locale: 'fr-FR', sellerName: 'Martin SA' })).toBe(
      'Facture INV-0001 de Martin SA',
    );
    expect(defaultSubject({ ...base, sellerName: '  ' })).toBe('Invoice INV-0001');
  });

  test('stored names cannot break the header: control characters become spaces', () => {
    expect(defaultSubject({ ...base, sellerName: 'Evil\r\nBcc: x@y.example' })).toBe(
      'Invoice INV-0001 from Evil Bcc: x@y.example',
    );
    expect(oneLine('a\u2028b\tc\u0000d')).toBe('a b c d');
    expect(oneLine('x'.repeat(2000))).toHaveLength(998);
  });
});

describe('body', () => {
  test('en, attached: greeting, document, amount due, due date, message, link with its expiry, closing', () => {
    const text = composeBody({ ...base, message: '  Thanks!\nSee you.  ' });
    expect(text).toBe(
      [
        'Hello,',
        '',
        'Please find attached: Invoice INV-0001',
        '',
        'Amount due: €1,234.50',
        'Due date: Dec 2, 2026',
        '',
        'Thanks!\nSee you.',
        '',
        'Download the PDF:',
        base.link,
        'The link is valid until Nov 10, 2026, 9:00 AM UTC.',
        '',
        'Kind regards,',
        'Acme GmbH',
        '',
      ].join('\n'),
    );
  });

  test('an invoice paid beyond its total (its Abschläge) says what is paid back, as its PDF does: no negative amount, no due date', () => {
    const text = plain(composeBody({ ...base, locale: 'de-DE', total: '-100.00', refund: true }));
    expect(text).toContain('Zu erstatten: 100,00 €');
    expect(text).not.toContain('-100');
    expect(text).not.toContain('Fällig');
  });

  test("an English mail's signature names a German seller's USt-IdNr. a VAT ID, as its PDF does; a US EIN stays a Tax ID", () => {
    const sender = {
      legalName: 'Holzbau Weißhaupt GmbH',
      address: { line1: 'Königsallee 92a', postal_code: '40212', city: 'Düsseldorf', country: 'DE' },
      taxId: 'DE811907980',
      registration: 'HRB 27811, Amtsgericht Düsseldorf',
    };
    expect(composeBody({ ...base, sender })).toContain('VAT ID DE811907980');
    const us = { ...sender, address: { ...sender.address, country: 'US' }, taxId: '12-3456789' };
    expect(composeBody({ ...base, sender: us })).toContain('Tax ID 12-3456789');
  });

  test('a quote names how long it holds, not when it is due: "Gültig bis", never "Fällig am"', () => {
    const text = plain(composeBody({ ...base, locale: 'de-DE', documentType: 'quote', number: 'AN-0001' }));
    expect(text).toContain('Gültig bis: 02.12.2026');
    expect(text).not.toContain('Fällig');
    const english = composeBody({ ...base, documentType: 'quote', number: 'Q-0001' });
    expect(english).toContain('Valid until: Dec 2, 2026');
    expect(english).not.toContain('Due date');
  });

  test("a message that is a letter of its own (a reminder's text) is the mail's letter, with no second greeting and closing", () => {
    const letter =
      'Sehr geehrte Damen und Herren,\n\nbitte zahlen Sie.\n\nMit freundlichen Grüßen\nAcme GmbH';
    const text = plain(composeBody({ ...base, locale: 'de-DE', message: letter }));
    // The letter's text first, then what is sent with it, then its closing and signature: nothing after them.
    expect(text).toStartWith(
      'Sehr geehrte Damen und Herren,\n\nbitte zahlen Sie.\n\nAnbei erhalten Sie: Rechnung INV-0001\n\nZu zahlen: 1.234,50 €',
    );
    expect(text.trimEnd()).toEndWith('Mit freundlichen Grüßen\nAcme GmbH');
    expect(text.match(/Mit freundlichen Grüßen/g)).toHaveLength(1);
    expect(text).not.toContain('Guten Tag');
    // A note that is no whole letter keeps both: none, a salutation-like word ("Bestellung"), a closing word
    // inside a sentence, a salutation without a closing.
    for (const message of [
      'Bis bald.',
      'Bestellung 4711 liegt bei.',
      'Hi Tom, we sincerely apologise for the delay.',
      'Hallo Frau Müller,\nanbei die Rechnung.',
    ]) {
      const note = plain(composeBody({ ...base, locale: 'de-DE', message }));
      expect(note, message).toStartWith('Guten Tag,');
      expect(note, message).toEndWith('Mit freundlichen Grüßen\nAcme GmbH\n');
    }
    // A letter closing otherwise is one too.
    const herzlich = plain(
      composeBody({
        ...base,
        locale: 'de-DE',
        message: 'Liebe Frau Müller,\n\ndanke!\n\nHerzliche Grüße\nAnna',
      }),
    );
    expect(herzlich).toStartWith('Liebe Frau Müller,');
    expect(herzlich).not.toContain('Mit freundlichen Grüßen');
  });

  test('de, linked only, no due date', () => {
    const text = plain(composeBody({ ...base, locale: 'de-DE', attached: false, dueDate: null }));
    expect(text).toStartWith(
      'Guten Tag,\n\nIhr Dokument steht bereit: Rechnung INV-0001\n\nZu zahlen: 1.234,50 €\n\n',
    );
    expect(text).not.toContain('Fällig');
    expect(text).toContain('Der Link ist gültig bis 10.11.2026, 09:00 UTC.');
    expect(text).toEndWith('Mit freundlichen Grüßen\nAcme GmbH\n');
  });

  test("the link's end is stated in the seller's zone, named (issue 36); an unknown zone falls back to UTC", () => {
    const berlin = plain(composeBody({ ...base, locale: 'de-DE', timeZone: 'Europe/Berlin' }));
    expect(berlin).toContain('Der Link ist gültig bis 10.11.2026, 10:00 MEZ.');
    const summer = plain(
      composeBody({
        ...base,
        locale: 'de-DE',
        timeZone: 'Europe/Berlin',
        linkExpiresAt: '2026-07-10T09:00:00.000Z',
      }),
    );
    expect(summer).toContain('Der Link ist gültig bis 10.07.2026, 11:00 MESZ.');
    const unknown = plain(composeBody({ ...base, locale: 'de-DE', timeZone: 'Mars/Olympus' }));
    expect(unknown).toContain('Der Link ist gültig bis 10.11.2026, 09:00 UTC.');
  });

  test('the amount is labelled as the PDF labels it; a delivery note has none', () => {
    expect(composeBody({ ...base, documentType: 'credit_note' })).toContain('Total credit: €1,234.50');
    expect(composeBody({ ...base, documentType: 'receipt' })).toContain('Amount paid: €1,234.50');
    expect(composeBody({ ...base, documentType: 'quote' })).toContain('Total: €1,234.50');
    expect(composeBody({ ...base, documentType: 'delivery_note' })).not.toContain('€');
  });

  test('currency decimals follow the currency (JPY none, KWD three)', () => {
    expect(composeBody({ ...base, currency: 'JPY', total: '1234' })).toContain('Amount due: ¥1,234');
    expect(plain(composeBody({ ...base, currency: 'KWD', total: '12.345' }))).toContain('KWD 12.345');
  });

  test.each([
    ['fr-FR', 'Bonjour,', 'Montant dû : 1 234,50 €', 'Cordialement,'],
    ['es-ES', 'Hola:', 'Importe a pagar: 1234,50 €', 'Saludos cordiales,'],
    ['it-IT', 'Buongiorno,', 'Totale da pagare: 1234,50 €', 'Cordiali saluti,'],
    ['nl-NL', 'Goedendag,', 'Te betalen: € 1.234,50', 'Met vriendelijke groet,'],
  ])('%s', (locale, greeting, amount, closing) => {
    const text = plain(composeBody({ ...base, locale }));
    expect(text).toStartWith(`${greeting}\n\n`);
    expect(text).toContain(amount);
    expect(text).toContain(`${closing}\nAcme GmbH`);
  });
});

describe('emailLocale', () => {
  test('document, then profile, then en-US; malformed tags fall back', () => {
    expect(emailLocale('de-DE', 'fr-FR')).toBe('de-DE');
    expect(emailLocale(null, 'fr-FR')).toBe('fr-FR');
    expect(emailLocale(null, null)).toBe('en-US');
    expect(emailLocale('not a locale!', 'fr-FR')).toBe('en-US');
  });
});
