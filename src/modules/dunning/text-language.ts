// The language a reminder's text is written in, so that its `{salutation}` greets in the same language as
// the sentence after it (a French invoice reminded with the German default text opens "Sehr geehrte Damen
// und Herren,", not "Madame, Monsieur,"). Read from the text itself: its words (placeholders left out) are
// counted against a short list of marker words per language, frequent function words and the words of a
// payment reminder (its verbs too: "pay", "zahlen", "payer", "pagar", "pagare", "betalen") that the other
// five languages do not write. The language with the most markers wins when it has two or more and more than
// any other; a single one only when it is a verb of paying and no other language has any ("{salutation},\n\n
// please pay {amount}." is English, while a German text ending "Merci vielmal!" or "Regards, Team" or naming
// "Di." for Dienstag is not French, English or Italian); otherwise it is undecided (null) and the caller
// keeps the document's language. Words two of the languages share
// ("de", "en", "is", "die", "que", "la", "le", "il", "non", "des", "du", "del", "due") are no markers.
import type { Language } from '../../rendering/labels';

const markers = (words: string): ReadonlySet<string> =>
  new Set(words.split(/\s+/).filter((word) => word !== ''));

const MARKERS: Record<Language, ReadonlySet<string>> = {
  de: markers(`
    sie ihre ihr ihnen ihrer ihren wir uns unsere unser unserer rechnung bitte grüße grüßen
    freundlichen und der das ist nicht noch vom bis zum dass mit betrag zahlung mahnung überweisen
    fällig offen sehr geehrte geehrter leider bereits zahlen bezahlen begleichen zahlbar überweisung
  `),
  en: markers(`
    you your yours we our us invoice please regards kind the and of to has have been not by amount
    payment outstanding reminder dear sincerely still pay paid settle remit kindly overdue
  `),
  fr: markers(`
    vous votre vos nous notre nos facture merci veuillez cordialement salutations les est
    une pour avec pas rappel montant paiement règlement madame monsieur sommes restant payer payez
    régler réglez virement
  `),
  es: markers(`
    usted ustedes sus factura favor saludos atentamente el los las pago importe nuestra nuestro
    nuestras está pendiente recordatorio estimado estimada señores pagar pague abonar transferencia
    rogamos
  `),
  it: markers(`
    lei sua suo vostra vostro fattura cortesemente saluti cordiali gli della di che è
    pagamento importo nostra nostro gentile spettabile sollecito pagare paghi saldare versare bonifico
    chiediamo
  `),
  nl: markers(`
    u uw wij ons onze factuur alstublieft graag groeten vriendelijke met het een niet nog betaling
    bedrag herinnering van voor geachte heer mevrouw openstaande betalen betaal overmaken voldoen
    gelieve
  `),
};

/** The verbs of paying: one of them alone tells a short text's language. */
const PAYING = markers(`
  zahlen bezahlen begleichen überweisen pay settle remit payer payez régler réglez pagar pague abonar
  pagare paghi saldare versare betalen betaal overmaken voldoen
`);

/** The language `text` is written in, by its marker words; null when undecided. */
export function textLanguage(text: string): Language | null {
  const words = text
    .replace(/\{[^{}]*\}/g, ' ')
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter((word) => word !== '');
  const counts = (Object.keys(MARKERS) as Language[])
    .map((language) => {
      const found = words.filter((word) => MARKERS[language].has(word));
      return { language, count: found.length, paying: found.some((word) => PAYING.has(word)) };
    })
    .sort((a, b) => b.count - a.count);
  const [best, next] = counts;
  if (!best || best.count === 0 || best.count === (next?.count ?? 0)) return null;
  // One marker decides only as a verb of paying: "please pay {amount}." is English, "Merci vielmal!" no French.
  if (best.count === 1 && !best.paying) return null;
  return best.language;
}
