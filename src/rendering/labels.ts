import { de } from './labels/de';
import type { Labels } from './labels/types';

export type { Labels } from './labels/types';

import { en } from './labels/en';
import { es } from './labels/es';
import { fr } from './labels/fr';
import { it } from './labels/it';
import { nl } from './labels/nl';

export const LANGUAGES = { en, de, fr, es, it, nl } as const satisfies Record<string, Labels>;
export type Language = keyof typeof LANGUAGES;

export function languageOf(locale: string): Language {
  const primary = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return Object.hasOwn(LANGUAGES, primary) ? (primary as Language) : 'en';
}

export function labelsFor(locale: string): Labels {
  return LANGUAGES[languageOf(locale)];
}

/** `bank_transfer` -> "Bank transfer" in the document's language; an unknown code keeps its words. */
export function methodName(labels: Labels, code: string): string {
  const known = labels.methods[code.toLowerCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
