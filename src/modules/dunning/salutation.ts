// The `{salutation}` of a reminder: whom the letter greets, in its language, without the comma after it.
// A contact person named with "Frau"/"Herr" (Mr, Ms, Madame, Monsieur) is greeted by name ("Sehr geehrte
// Frau Weber"); a buyer that is a private person (no VAT, tax or register number, no network address, a name
// without a company form that reads as a person's: "Anna Schmidt") is greeted by name without a gender, as
// a German letter to a person of unknown gender is ("Guten Tag Anna Schmidt"); any other buyer, a firm, gets
// the usual "Sehr geehrte Damen und Herren". A firm's own texts without the placeholder stay as written.
import { type Party, statesBusiness } from '../../domain/party';
import type { Language } from '../../rendering/labels';
import { legalFormOf } from '../../rendering/view/legal-form';

type Gender = 'female' | 'male';

interface Greetings {
  /** To a firm, or to nobody known by name. */
  anyone: string;
  /** To a person of unknown gender, by name. */
  named(name: string): string;
  /** To a person whose honorific says the gender; `name` is the name without it. */
  honorific(gender: Gender, name: string): string;
}

const GREETINGS: Record<Language, Greetings> = {
  de: {
    anyone: 'Sehr geehrte Damen und Herren',
    named: (name) => `Guten Tag ${name}`,
    honorific: (g, name) => (g === 'female' ? `Sehr geehrte Frau ${name}` : `Sehr geehrter Herr ${name}`),
  },
  en: {
    anyone: 'Dear Sir or Madam',
    named: (name) => `Dear ${name}`,
    honorific: (g, name) => `Dear ${g === 'female' ? 'Ms' : 'Mr'} ${name}`,
  },
  // A French letter greets by the title alone ("Madame,"), never by the name.
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
  [/^(frau|fr\.|ms\.?|mrs\.?|miss|madame|mme\.?|mevrouw|mevr\.|sra\.|señora|signora|sig\.ra)\s+/i, 'female'],
  [/^(herr|hr\.|mr\.?|monsieur|meneer|dhr\.|sr\.|señor|signor|sig\.)\s+/i, 'male'],
];

/** "Frau Dr. Weber" -> female, "Dr. Weber"; null for a name without an honorific. */
function honorificOf(text: string): { gender: Gender; name: string } | null {
  for (const [pattern, gender] of HONORIFICS) {
    const match = pattern.exec(text);
    const name = match ? text.slice(match[0].length).trim() : '';
    if (match && name) return { gender, name };
  }
  return null;
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

/**
 * A name that reads as a person's: two to five words (one after an honorific: "Frau Weber"), capitalised,
 * no firm's word, no digits or signs.
 */
export function looksLikePersonName(name: string, least = 2): boolean {
  const words = name.trim().split(/\s+/);
  if (words.length < least || words.length > 5) return false;
  const named = words.filter((word) => !PARTICLES.test(word));
  if (named.filter((word) => /\p{Ll}/u.test(word)).length < least) return false;
  return named.every(
    (word) => NAME_WORD.test(word) && !FIRM_WORDS.test(word) && !FIRM_ENDINGS.test(word.toLowerCase()),
  );
}

/** Whom a letter to `buyer` greets, in `language`, without the comma that follows. */
export function salutationOf(buyer: Party | undefined, language: Language): string {
  const words = GREETINGS[language];
  if (!buyer) return words.anyone;
  // "Buchhaltung, Frau Weber": the part naming a person with an honorific.
  const contact = (buyer.contact_name ?? '')
    .split(/[,;/]/)
    .map((part) => honorificOf(part.trim()))
    .find((found) => found !== null);
  if (contact) return words.honorific(contact.gender, contact.name);
  const name = (buyer.legal_name?.trim() || buyer.name).trim();
  if (statesBusiness(buyer) || legalFormOf(name) !== 'sole') return words.anyone;
  const titled = honorificOf(name);
  if (titled && looksLikePersonName(titled.name, 1)) {
    return words.honorific(titled.gender, titled.name);
  }
  return looksLikePersonName(name) ? words.named(name) : words.anyone;
}
