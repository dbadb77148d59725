// The `{salutation}` of a reminder: whom the letter greets, in the language of the letter's text (the caller
// decides it: send-reminder.ts, text-language.ts), without the comma after it.
// A contact person named with "Frau"/"Herr"/"Herrn" (Mr, Ms, Madame, Monsieur) is greeted by title and
// surname ("Herr Dr. Hans Weber (Einkauf)" -> "Sehr geehrter Herr Dr. Weber"; "Dear Dr Weber" in English;
// letters after the name are no surname: "Frau Anna Weber M.Sc." -> "Sehr geehrte Frau Weber"),
// two of them both ("Herr und Frau Müller" -> "Sehr geehrte Frau Müller, sehr geehrter Herr Müller"; in the
// languages without such a form as anyone). A buyer that is a private person (no VAT, tax or register
// number, no network address, no company form, a name that reads as a person's and starts with a known given
// name: "Anna Schmidt") is greeted by name without a gender, as a German letter to a person of unknown gender
// is ("Guten Tag Anna Schmidt"); any other buyer, a firm ("Stadtwerke München", "Pizzeria Roma"), gets the
// usual "Sehr geehrte Damen und Herren". A firm's own texts without the placeholder stay as written.
import { type Party, statesBusiness } from '../../domain/party';
import type { Language } from '../../rendering/labels';
import { isGivenName } from '../../rendering/view/given-names';
import { legalFormOf } from '../../rendering/view/legal-form';

type Gender = 'female' | 'male';

/** A person greeted with an honorific: `name` is what follows it, the academic titles and the surname. */
interface Person {
  gender: Gender;
  /** "Dr. Weber", "van der Berg": the titles a greeting keeps (Dr., Prof., Mag.) and the surname. */
  name: string;
}

interface Greetings {
  /** To a firm, or to nobody known by name. */
  anyone: string;
  /** To a person of unknown gender, by name. */
  named(name: string): string;
  /** To a person whose honorific says the gender; `name` is the titles and surname without it. */
  honorific(gender: Gender, name: string): string;
  /** To two or more people at once ("Herr und Frau Müller"); without it they are greeted as `anyone`. */
  several?(people: Person[]): string;
}

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

const GREETINGS: Record<Language, Greetings> = {
  de: {
    anyone: 'Sehr geehrte Damen und Herren',
    named: (name) => `Guten Tag ${name}`,
    honorific: (g, name) => (g === 'female' ? `Sehr geehrte Frau ${name}` : `Sehr geehrter Herr ${name}`),
    // "Sehr geehrte Frau Müller, sehr geehrter Herr Müller": each greeted in turn.
    several: (people) =>
      people
        .map((p) => GREETINGS.de.honorific(p.gender, p.name))
        .map((greeting, i) => (i === 0 ? greeting : lowerFirst(greeting)))
        .join(', '),
  },
  en: {
    anyone: 'Dear Sir or Madam',
    named: (name) => `Dear ${name}`,
    // An academic title stands instead of Mr/Ms, British style: "Dear Dr Weber", "Dear Professor Weber".
    honorific: (g, name) => {
      const surname = name.replace(/^((Prof\.|Dr\.|Mag\.)\s+)+/, '');
      if (/^Prof\./.test(name)) return `Dear Professor ${surname}`;
      if (/^Dr\./.test(name)) return `Dear Dr ${surname}`;
      return `Dear ${g === 'female' ? 'Ms' : 'Mr'} ${surname}`;
    },
    several: (people) =>
      `Dear ${people.map((p) => GREETINGS.en.honorific(p.gender, p.name).replace(/^Dear /, '')).join(' and ')}`,
  },
  // A French letter greets by the title alone ("Madame,"), never by the name; a couple "Madame, Monsieur".
  fr: {
    anyone: 'Madame, Monsieur',
    named: (name) => `Bonjour ${name}`,
    honorific: (g) => (g === 'female' ? 'Madame' : 'Monsieur'),
  },
  es: {
    anyone: 'Estimados señores',
    named: (name) => `Estimado/a ${name}`,
    honorific: (g, name) => (g === 'female' ? `Estimada Sra. ${name}` : `Estimado Sr. ${name}`),
  },
  it: {
    anyone: 'Spettabile ditta',
    named: (name) => `Gentile ${name}`,
    honorific: (g, name) => (g === 'female' ? `Gentile Sig.ra ${name}` : `Gentile Sig. ${name}`),
  },
  nl: {
    anyone: 'Geachte heer, mevrouw',
    named: (name) => `Geachte ${name}`,
    honorific: (g, name) => `Geachte ${g === 'female' ? 'mevrouw' : 'heer'} ${name}`,
  },
};

const HONORIFICS: [RegExp, Gender][] = [
  [
    /^(frau|fr\.|ms\.?|mrs\.?|miss|madame|mme\.?|mevrouw|mevr\.|sra\.|señora|signora|sig\.ra)(?=\s|$)/i,
    'female',
  ],
  [/^(herrn?|hr\.|hrn\.|mr\.?|monsieur|meneer|dhr\.|sr\.|señor|signor|sig\.)(?=\s|$)/i, 'male'],
];
// Titles a greeting keeps ("Frau Dr. Weber"; "Dr.-Ing." and "Dr. med." are greeted "Dr."), and the words of
// a title it drops ("med.", "Dipl.-Ing.").
const KEPT_TITLE = /^(Prof\.|Professor|Professorin|Dr\.|Dr\.-\S+|Mag\.|Mag\.\S*)$/;
const DROPPED_TITLE = /^(\p{Ll}+\.|Dipl\.-\S+|Dipl\.|M\.\s?A\.|B\.\s?A\.|h\.\s?c\.|MBA|LL\.M\.)$/u;

// Letters after a name ("Anna Weber M.Sc.", "John Smith PhD", "Hans Müller Jr.", "Max Bauer StB WP",
// "Anna Weber, M.Sc."), never its surname: a word with a dot within it ("M.Sc.", "Ph.D.", "LL.B.",
// "Dipl.-Kfm."), a degree or profession written in capitals ("PhD", "MBA", "StB", "WP", "RA"), a generation
// ("Jr.", "Sr.", "III"). A short word wholly in capitals that is on no list ("Mr John LEE") may be a surname
// written in capitals: it is dropped only when a surname stays before it.
const POST_NOMINAL =
  /^(\p{L}+\.[-\p{L}.]*\p{L}\.?|(PhD|MBA|MBE|OBE|CBE|CPA|CFA|ACCA|FCA|ACA|FRCS|MRCP|MSc|BSc|MEng|BEng|MPhil|DPhil|LLM|LLB|LLD|MdB|MdL|MdEP|StB|WP|vBP|RA|RAin|Esq)\.?|Jr\.?|Sr\.?|Jun\.|Sen\.|jun\.|sen\.|II|III|IV)$/u;
const CAPITALS = /^\p{Lu}{2,4}$/u;

/** The words of a name without the post-nominals after it ("Anna Weber M.Sc." -> Anna, Weber). */
function withoutPostNominals(words: string[]): string[] {
  const kept = [...words];
  for (;;) {
    const last = (kept[kept.length - 1] ?? '').replace(/,$/, '');
    const before = kept.slice(0, -1).map((word) => word.replace(/,$/, ''));
    const surnameBefore = before.some(
      (word) =>
        /\p{Ll}/u.test(word) && !KEPT_TITLE.test(word) && !DROPPED_TITLE.test(word) && !isGivenName(word),
    );
    const nameBefore = before.some((word) => /\p{L}/u.test(word) && !KEPT_TITLE.test(word));
    const drop = POST_NOMINAL.test(last) ? nameBefore : CAPITALS.test(last) && surnameBefore;
    if (!drop) break;
    kept.pop();
  }
  return kept.map((word, i) => (i === kept.length - 1 ? word.replace(/,$/, '') : word));
}

/** "Dr. med. dent. Anna Weber M.Sc." -> "Anna Weber": the name without titles and post-nominals. */
function bareName(text: string): string {
  const words = withoutPostNominals(text.split(/\s+/).filter((word) => word !== ''));
  return words.filter((word) => !KEPT_TITLE.test(word) && !DROPPED_TITLE.test(word)).join(' ');
}

/** "Dr. Anna Weber" -> "Dr. Weber": the titles a greeting keeps and the surname (with "van der", "von"). */
function titlesAndSurname(text: string): string {
  const words = withoutPostNominals(text.split(/\s+/).filter((word) => word !== ''));
  const titles: string[] = [];
  const rest: string[] = [];
  for (const word of words) {
    if (rest.length === 0 && KEPT_TITLE.test(word)) {
      const title = word.startsWith('Prof') ? 'Prof.' : word.startsWith('Dr') ? 'Dr.' : 'Mag.';
      if (!titles.includes(title)) titles.push(title);
    } else if (!DROPPED_TITLE.test(word)) rest.push(word);
  }
  // The surname: the last word and the particles before it ("van der Berg", "von Weizsäcker").
  let first = rest.length - 1;
  while (first > 0 && PARTICLES.test(rest[first - 1] ?? '')) first -= 1;
  return [...titles, ...rest.slice(Math.max(first, 0))].join(' ');
}

/** "Frau Dr. Weber" -> female, "Frau Dr. Weber"'s rest; `name` is '' for an honorific alone ("Herr"). */
function honorificOf(text: string): { gender: Gender; rest: string } | null {
  for (const [pattern, gender] of HONORIFICS) {
    const match = pattern.exec(text);
    if (match) return { gender, rest: text.slice(match[0].length).trim() };
  }
  return null;
}

// "Herr und Frau Müller", "Frau Weber & Herr Klein", "Mr and Mrs Smith".
const AND = /\s+(?:und|u\.|&|\+|and|et|y|e|en)\s+/i;

/**
 * The people `text` names with an honorific: one ("Frau Dr. Weber"), two ("Herr und Frau Müller": the
 * honorific alone takes the next one's surname), none. Words in brackets ("(Buchhaltung)") are left out.
 */
function peopleOf(text: string, checkName: boolean): Person[] {
  const parts = text
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(AND)
    .map((part) => part.trim());
  const found = parts.map((part) => honorificOf(part));
  if (found.some((f) => f === null)) return [];
  const people: Person[] = [];
  for (let i = 0; i < found.length; i++) {
    const f = found[i];
    if (!f) return [];
    // "Herr" of "Herr und Frau Müller", "Frau Anna" of "Frau Anna und Herr Max Müller": the next surname.
    const own = f.rest === '' || f.rest.split(/\s+/).every((word) => isGivenName(word)) ? '' : f.rest;
    const rest = own || found.slice(i + 1).find((next) => next && next.rest !== '')?.rest || '';
    if (rest === '' || (checkName && !looksLikePersonName(bareName(rest), 1))) return [];
    people.push({ gender: f.gender, name: titlesAndSurname(rest) });
  }
  // A lady first, as a German (and an English) letter greets a couple.
  return people.sort((a, b) => (a.gender === b.gender ? 0 : a.gender === 'female' ? -1 : 1));
}

/** The greeting of `people` named with an honorific. */
function greet(words: Greetings, people: Person[]): string {
  const [only] = people;
  if (people.length === 1 && only) return words.honorific(only.gender, only.name);
  return words.several ? words.several(people) : words.anyone;
}

// Words a firm's name carries and a person's does not ("Schmidt Bau", "Malerbetrieb Weber", "Anna Schmidt
// Fotografie"): whole words, and word endings of compounds.
const FIRM_WORDS =
  /^(bau|haus|werk|team|gruppe|group|hotel|restaurant|café|cafe|bistro|bar|salon|atelier|büro|buero|laden|shop|store|handel|service|services|consulting|solutions|systems|software|digital|media|medien|marketing|events|trading|holding|partner|partners|söhne|soehne|erben|brüder|gebrüder|familie|stadt|gemeinde|landkreis|kreis|verein|schule|kita|kindergarten|klinik|stiftung|institut|universität|hochschule|amt|ministerium|kirche|pfarrei|company|co|ltd|limited|inc|studio|design|fotografie|photography|kosmetik|friseur|immobilien|versicherung|bank|sparkasse|volksbank|apotheke|autohaus|garage|transport|logistik|elektro|sanitär|heizung|dach|garten|reinigung)$/i;
const FIRM_ENDINGS =
  /(betrieb|technik|service|handel|werkstatt|praxis|kanzlei|verlag|logistik|markt|beratung|versand|zentrum|center|centre|apotheke|agentur|erei|studio|design|therapie|gesellschaft|genossenschaft|verwaltung|versicherung|dienst|dienste|bedarf|wohnen|küchen|moden|bedachungen|installation|systeme)$/i;
const PARTICLES =
  /^(von|vom|van|de|der|den|des|du|da|di|del|della|dos|zu|zum|zur|ten|ter|le|la|al|el|bin|ibn)$/;
// A name's word: capitalised letters (hyphens and apostrophes within: "Müller-Lüdenscheidt", "O'Brien");
// an academic title or an initial with its dot ("Dr.", "A.").
const NAME_WORD = /^(\p{Lu}[\p{Ll}\p{M}]*(['’-]\p{Lu}?[\p{Ll}\p{M}]+)*|\p{Lu}\.|Dr\.|Prof\.|Dipl\.-Ing\.)$/u;
const TITLE_WORD = /^(Dr\.|Prof\.|Dipl\.-Ing\.)$/;

/**
 * A name that reads as a person's: two to five words (one after an honorific: "Frau Weber"), capitalised,
 * no firm's word, no digits or signs; and, without an honorific (`least` 2), positive evidence: its first
 * word after any titles is a known given name (given-names.ts), so "Stadtwerke München", "Pizzeria Roma"
 * or "Rechtsanwalt Peter Weber" are not taken for a person ("Anna Schmidt-Berger" is).
 */
export function looksLikePersonName(name: string, least = 2): boolean {
  const words = name.trim().split(/\s+/);
  if (words.length < least || words.length > 5) return false;
  const named = words.filter((word) => !PARTICLES.test(word));
  if (named.filter((word) => /\p{Ll}/u.test(word)).length < least) return false;
  const shaped = named.every(
    (word) => NAME_WORD.test(word) && !FIRM_WORDS.test(word) && !FIRM_ENDINGS.test(word.toLowerCase()),
  );
  if (!shaped) return false;
  if (least < 2) return true;
  const first = named.find((word) => !TITLE_WORD.test(word));
  return first !== undefined && isGivenName(first);
}

/** Whom a letter to `buyer` greets, in `language`, without the comma that follows. */
export function salutationOf(buyer: Party | undefined, language: Language): string {
  const words = GREETINGS[language];
  if (!buyer) return words.anyone;
  // "Buchhaltung, Frau Weber": the part naming people with an honorific.
  const contact = (buyer.contact_name ?? '')
    .split(/[,;/]/)
    .map((part) => peopleOf(part.trim(), false))
    .find((people) => people.length > 0);
  if (contact) return greet(words, contact);
  const name = (buyer.legal_name?.trim() || buyer.name).trim();
  const form = legalFormOf(name);
  if (statesBusiness(buyer) || (form !== 'sole' && form !== 'unknown')) return words.anyone;
  const titled = peopleOf(name, true);
  if (titled.length > 0) return greet(words, titled);
  return looksLikePersonName(name) ? words.named(name) : words.anyone;
}
