// Whom a reminder greets (src/modules/dunning/salutation.ts), who a firm names as its officers by its legal
// form (src/rendering/view/legal-form.ts), and the German words for the two "piece" unit codes.
import { describe, expect, test } from 'bun:test';
import { DEFAULT_LEVELS, DEFAULT_LEVELS_EN, levelProblems } from '../../src/modules/dunning/policy';
import { salutationOf } from '../../src/modules/dunning/salutation';
import { textLanguage } from '../../src/modules/dunning/text-language';
import { labelsFor } from '../../src/rendering/labels';
import { UNIT_NAMES } from '../../src/rendering/labels/units';
import { legalFormOf, officersLabel } from '../../src/rendering/view/legal-form';

describe('salutationOf', () => {
  test.each([
    ['Anna Schmidt', {}, 'Guten Tag Anna Schmidt'],
    ['Dr. Anna Müller-Lüdenscheidt', {}, 'Guten Tag Dr. Anna Müller-Lüdenscheidt'],
    ['Jan van der Berg', {}, 'Guten Tag Jan van der Berg'],
    ['Frau Anna Schmidt', {}, 'Sehr geehrte Frau Schmidt'],
    ['Herr Weber', {}, 'Sehr geehrter Herr Weber'],
    ['Globex GmbH', {}, 'Sehr geehrte Damen und Herren'],
    ['Schmidt Bau', {}, 'Sehr geehrte Damen und Herren'],
    ['Malerbetrieb Weber', {}, 'Sehr geehrte Damen und Herren'],
    ['Bäckerei Lang', {}, 'Sehr geehrte Damen und Herren'],
    ['Anna Schmidt Fotografie', {}, 'Sehr geehrte Damen und Herren'],
    ['Müller & Söhne', {}, 'Sehr geehrte Damen und Herren'],
    ['Weber IT', {}, 'Sehr geehrte Damen und Herren'],
    ['Stadtwerke', {}, 'Sehr geehrte Damen und Herren'],
    // A person's name that states a VAT id is a sole trader's firm: addressed as a firm.
    ['Anna Schmidt', { tax_id: 'DE123456789' }, 'Sehr geehrte Damen und Herren'],
    ['Globex GmbH', { contact_name: 'Buchhaltung, Frau Weber' }, 'Sehr geehrte Frau Weber'],
    ['Globex GmbH', { contact_name: 'Herr Dr. Klein' }, 'Sehr geehrter Herr Dr. Klein'],
    ['Globex GmbH', { contact_name: 'Buchhaltung' }, 'Sehr geehrte Damen und Herren'],
  ])('%s %o: "%s"', (name, more, expected) => {
    expect(salutationOf({ name, ...more }, 'de')).toBe(expected);
  });

  test('in English, French and the other languages', () => {
    expect(salutationOf({ name: 'Anna Schmidt' }, 'en')).toBe('Dear Anna Schmidt');
    expect(salutationOf({ name: 'Acme Ltd' }, 'en')).toBe('Dear Sir or Madam');
    expect(salutationOf({ name: 'X SARL', contact_name: 'Mme Durand' }, 'en')).toBe('Dear Ms Durand');
    expect(salutationOf({ name: 'X SARL', contact_name: 'Madame Durand' }, 'fr')).toBe('Madame');
    expect(salutationOf({ name: 'X SARL' }, 'fr')).toBe('Madame, Monsieur');
    expect(salutationOf({ name: 'Marie Durand' }, 'fr')).toBe('Bonjour Marie Durand');
    expect(salutationOf({ name: 'Anna Schmidt' }, 'it')).toBe('Gentile Anna Schmidt');
    expect(salutationOf(undefined, 'de')).toBe('Sehr geehrte Damen und Herren');
  });

  test('the default letters open with {salutation}, and a policy may use it', () => {
    const opening = '{salutation},\n\n';
    for (const level of [...DEFAULT_LEVELS, ...DEFAULT_LEVELS_EN]) expect(level.message).toStartWith(opening);
    // English capitalises the sentence after the salutation; German goes on in lower case.
    for (const level of DEFAULT_LEVELS_EN) expect(level.message.charAt(opening.length)).toMatch(/\p{Lu}/u);
    for (const level of DEFAULT_LEVELS) expect(level.message.charAt(opening.length)).toMatch(/\p{Ll}/u);
    expect(levelProblems(DEFAULT_LEVELS).problems).toEqual([]);
  });
});

describe('the legal form and the officers it names', () => {
  test.each([
    ['Acme Handel GmbH', 'company', 'Geschäftsführer'],
    ['Muster UG (haftungsbeschränkt)', 'company', 'Geschäftsführer'],
    ['Muster GmbH & Co. KG', 'company', 'Geschäftsführer'],
    ['Muster AG', 'board', 'Vorstand'],
    ['Sportverein Musterstadt e.V.', 'board', 'Vorstand'],
    ['Muster & Partner OHG', 'partnership', 'Gesellschafter'],
    ['Muster KG', 'partnership', 'Gesellschafter'],
    ['Schmidt und Weber GbR', 'partnership', 'Gesellschafter'],
    ['Malerbetrieb Max Weber e.K.', 'sole', 'Inhaber'],
    ['Anna Schmidt Grafikdesign', 'sole', 'Inhaber'],
    ['Tischlerei Huber e.U.', 'sole', 'Inhaber'],
  ])('%s: %s, "%s"', (name, form, label) => {
    expect(legalFormOf(name)).toBe(form as ReturnType<typeof legalFormOf>);
    expect(officersLabel(labelsFor('de-DE', 'DE'), name)).toBe(label);
  });

  test('in Austria, English and French', () => {
    expect(officersLabel(labelsFor('de-AT', 'AT'), 'Tischlerei Huber e.U.')).toBe('Inhaber');
    expect(officersLabel(labelsFor('de-AT', 'AT'), 'Huber GmbH')).toBe('Geschäftsführer');
    expect(officersLabel(labelsFor('en-GB'), 'Max Weber e.K.')).toBe('Owner');
    expect(officersLabel(labelsFor('en-GB'), 'Acme GmbH')).toBe('Managing directors');
    expect(officersLabel(labelsFor('fr-FR'), 'Marie Durand')).toBe('Exploitant');
  });
});

test('C62 and H87 have distinct German words on the PDF', () => {
  expect(UNIT_NAMES.de.C62).toBe('Stück');
  expect(UNIT_NAMES.de.H87).toBe('Stk.');
});

describe('a name greeted as a person needs positive evidence (a known given name first, or Frau/Herr)', () => {
  test.each([
    'Stadtwerke München',
    'Finanzamt München',
    'Ingenieurbüro Schulz',
    'Fahrschule Müller',
    'Pizzeria Roma',
    'Gasthaus Krone',
    'Weingut Müller',
    'Rechtsanwalt Peter Weber',
    'Caritasverband Freiburg',
    'Musikverein Harmonie',
    'Stadtsparkasse München',
    'Deutsche Telekom',
  ])('%s is a firm', (name) => {
    expect(salutationOf({ name }, 'de')).toBe('Sehr geehrte Damen und Herren');
  });

  test.each([
    ['Anna Schmidt-Berger', 'Guten Tag Anna Schmidt-Berger'],
    ['Hans-Peter Krause', 'Guten Tag Hans-Peter Krause'],
    ['Prof. Dr. Klaus Weber', 'Guten Tag Prof. Dr. Klaus Weber'],
  ])('%s is a person', (name, expected) => {
    expect(salutationOf({ name }, 'de')).toBe(expected);
  });
});

describe('contact persons', () => {
  test.each([
    ['Herr und Frau Müller', 'Sehr geehrte Frau Müller, sehr geehrter Herr Müller'],
    ['Frau und Herr Müller', 'Sehr geehrte Frau Müller, sehr geehrter Herr Müller'],
    ['Herr Hans Meier und Frau Eva Schulz', 'Sehr geehrte Frau Schulz, sehr geehrter Herr Meier'],
    ['Frau Weber (Buchhaltung)', 'Sehr geehrte Frau Weber'],
    ['Herr Hans Meier', 'Sehr geehrter Herr Meier'],
    ['Herrn Hans Meier', 'Sehr geehrter Herr Meier'],
    ['Frau Dr. Anna Weber', 'Sehr geehrte Frau Dr. Weber'],
    ['Frau Dr. med. Weber', 'Sehr geehrte Frau Dr. Weber'],
    ['Herr Jan van der Berg', 'Sehr geehrter Herr van der Berg'],
  ])('%s: "%s"', (contact_name, expected) => {
    expect(salutationOf({ name: 'X GmbH', contact_name }, 'de')).toBe(expected);
  });

  test('in English: "Dear Dr Weber", both of a couple; French greets a couple as anyone', () => {
    expect(salutationOf({ name: 'X GmbH', contact_name: 'Frau Dr. Weber' }, 'en')).toBe('Dear Dr Weber');
    expect(salutationOf({ name: 'X GmbH', contact_name: 'Herr Prof. Dr. Weber' }, 'en')).toBe(
      'Dear Professor Weber',
    );
    expect(salutationOf({ name: 'X GmbH', contact_name: 'Mr and Mrs Smith' }, 'en')).toBe(
      'Dear Ms Smith and Mr Smith',
    );
    expect(salutationOf({ name: 'X GmbH', contact_name: 'Herr und Frau Müller' }, 'fr')).toBe(
      'Madame, Monsieur',
    );
  });
});

describe('legal forms the review found misread', () => {
  test.each([
    ['Schmidt Bau-GmbH', 'company'],
    ['Müller Verwaltungs-GmbH', 'company'],
    ['Müller-GmbH', 'company'],
    ['Müller Beteiligungs-GmbH & Co. KG', 'company'],
    ['Müller Ges.m.b.H.', 'company'],
    ['Müller GesmbH', 'company'],
    ['Müller Gesellschaft m.b.H.', 'company'],
    ['Schmidt gUG (haftungsbeschränkt)', 'company'],
    ['Schmidt S.à r.l.', 'company'],
    ['Schmidt Sàrl', 'company'],
    ['Bianchi Sagl', 'company'],
    ['Muster VVaG', 'board'],
    ['Muster gAG', 'board'],
    ['Weber & Partner mbB', 'partnership'],
    ['Weber PartmbB', 'partnership'],
    ['Weber und Partner', 'partnership'],
    ['Weber Rechtsanwälte Partnerschaftsgesellschaft mbB', 'partnership'],
    ['Weber & Partner GmbH', 'company'],
    ['Max Weber e.K.', 'sole'],
    ['Anna Schmidt', 'sole'],
    ['Stadtwerke Musterstadt', 'unknown'],
    ['Schmidt Bau', 'unknown'],
  ])('%s: %s', (name, form) => {
    expect(legalFormOf(name)).toBe(form as ReturnType<typeof legalFormOf>);
  });

  test('no form and no person\'s name: the field\'s own label, not "Inhaber"', () => {
    const de = labelsFor('de-DE', 'DE');
    expect(officersLabel(de, 'Schmidt Bau')).toBe('Geschäftsführer');
    expect(officersLabel(de, 'Anna Schmidt')).toBe('Inhaber');
    expect(officersLabel(de, 'Schmidt Bau-GmbH')).toBe('Geschäftsführer');
    expect(officersLabel(de, 'Weber und Partner')).toBe('Gesellschafter');
  });
});

describe('post-nominals after a name are not its surname', () => {
  test.each([
    ['Frau Dr. Anna Weber M.Sc.', 'de', 'Sehr geehrte Frau Dr. Weber'],
    ['Herr Hans Müller Jr.', 'de', 'Sehr geehrter Herr Müller'],
    ['Mr John Smith PhD', 'en', 'Dear Mr Smith'],
    ['Herr Peter Klein Ph.D.', 'de', 'Sehr geehrter Herr Klein'],
    ['Frau Eva Roth LL.B.', 'de', 'Sehr geehrte Frau Roth'],
    ['Herr Karl Lang Dipl.-Kfm.', 'de', 'Sehr geehrter Herr Lang'],
    ['Frau Anna Weber MBA', 'de', 'Sehr geehrte Frau Weber'],
    ['Herr Max Bauer StB WP', 'de', 'Sehr geehrter Herr Bauer'],
    ['Herr Max Bauer RA', 'de', 'Sehr geehrter Herr Bauer'],
    ['Mr John Smith Sr.', 'en', 'Dear Mr Smith'],
    ['Mr John Smith III', 'en', 'Dear Mr Smith'],
    ['Mr John Smith, Jr.', 'en', 'Dear Mr Smith'],
    ['Frau Dr. Anna Weber, M.Sc. (Buchhaltung)', 'de', 'Sehr geehrte Frau Dr. Weber'],
    // A surname written in capitals stays the surname.
    ['Frau Anna WEBER', 'de', 'Sehr geehrte Frau WEBER'],
    ['Mr John LEE', 'en', 'Dear Mr LEE'],
  ] as const)('contact %s (%s): "%s"', (contact_name, language, expected) => {
    expect(salutationOf({ name: 'Acme GmbH', contact_name }, language)).toBe(expected);
  });

  test.each([
    ['Frau Dr. med. dent. Anna Weber', 'Sehr geehrte Frau Dr. Weber'],
    ['Frau Dr. Anna Weber M.Sc.', 'Sehr geehrte Frau Dr. Weber'],
    ['Herr Hans Müller, Jr.', 'Sehr geehrter Herr Müller'],
    ['Herr Max Bauer StB', 'Sehr geehrter Herr Bauer'],
  ])('buyer %s: "%s", as its contact would be', (name, expected) => {
    expect(salutationOf({ name }, 'de')).toBe(expected);
    expect(salutationOf({ name: 'Acme GmbH', contact_name: name }, 'de')).toBe(expected);
  });
});

describe('the language of a short one-off text', () => {
  test.each([
    ['{salutation},\n\nplease pay {amount}.', 'en'],
    ['{salutation},\n\npay {amount}.', 'en'],
    ['{salutation},\n\nzahlen {amount}.', 'de'],
    ['{salutation},\n\nbitte bezahlen {amount}.', 'de'],
    ['{salutation},\n\nmerci de régler {amount}.', 'fr'],
    ['{salutation},\n\nIl reste {amount} à payer.', 'fr'],
    ['{salutation},\n\nle rogamos pagar {amount}.', 'es'],
    ['{salutation},\n\nLe chiediamo di pagare {amount}.', 'it'],
    ['{salutation},\n\ngelieve {amount} te betalen.', 'nl'],
  ] as const)('%j is %s', (text, language) => {
    expect(textLanguage(text)).toBe(language);
  });

  test('a word two languages write, or none, leaves it undecided', () => {
    expect(textLanguage('{salutation},\n\n{amount}.')).toBeNull();
    // "non" (French and Italian), "des" (French and German) are no markers.
    expect(textLanguage('{amount} non des')).toBeNull();
    // One marker each: a tie.
    expect(textLanguage('pay zahlen {amount}')).toBeNull();
  });

  test.each([
    'Zahlungserinnerung zu {number}: {amount} seit {due_date} überfällig. Merci vielmal!',
    'Zahlungserinnerung zu {number}: {amount}, Frist Di. {due_date}.',
    'Zahlungserinnerung zu {number}: {amount} seit {due_date} überfällig. Regards, Team',
  ])('one foreign word that is no verb of paying does not make a German text foreign: %j', (text) => {
    expect(textLanguage(text)).toBeNull();
  });
});
