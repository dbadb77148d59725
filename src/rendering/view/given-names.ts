// Common given names (German, Austrian, Swiss, English, French; a few Italian, Spanish and Dutch ones),
// lower case: the positive evidence that a name is a person's. "Anna Schmidt" starts with one and reads as a
// person's; "Stadtwerke München", "Pizzeria Roma" or "Deutsche Telekom" do not. Kept small on purpose (a few
// hundred of the most frequent names): a rarer given name falls to the neutral reading (a firm's), which
// greets "Sehr geehrte Damen und Herren" rather than a firm by name. Names that are also common words of firm
// names ("Linde", "Kraft", "Rose") are left out.
const NAMES = `
anna maria marie emma mia hannah hanna sophia sofia sophie lena lea leonie laura lara julia johanna katharina
clara klara lisa luisa louisa charlotte amelie emilia emily ella greta ida lina paula frieda marlene mila nele
elena helena sarah sara nina jana anja andrea angelika anke annette antje astrid barbara beate bettina birgit
brigitte britta carina carolin caroline christa christiane christina christine claudia cornelia dagmar daniela
diana doris dorothea elisabeth elke erika eva franziska gabriele gerda gisela gudrun heike helga hildegard
ilse ines ingrid iris irene jacqueline jasmin jennifer jessica jutta karin katja kerstin kristina lieselotte
lydia manuela margit margarete marianne marion martina melanie michaela miriam monika nadine natalie nicole
patricia petra ramona regina renate rita ruth sabine sabrina sandra silke simone sonja stefanie stephanie
susanne svenja tanja theresa therese ulrike ursula ute vanessa verena veronika viktoria waltraud yvonne
annika alina selina celina vivien jule merle pia nora tamara denise
alexander andreas anton armin arne axel benedikt benjamin bernd bernhard björn bruno carl carsten christian
christoph claus daniel david dennis detlef dieter dirk dominik eberhard elias emil erich erik ernst erwin
fabian felix finn florian frank franz friedrich fritz georg gerald gerd gerhard gottfried günter günther
hans harald hartmut heinrich heinz helmut henrik henry herbert holger horst hubert hugo ingo jakob jan jens
joachim jochen johann johannes jonas jonathan josef joseph jörg jürgen kai karl karsten kevin klaus konrad
kurt lars leon leonard lothar lukas luca ludwig lutz manfred marc marcel marco mario markus marcus martin
mathias matthias max maximilian michael moritz nico niklas nikolaus noah norbert olaf oliver oskar otto
pascal patrick paul peter philipp rainer ralf ralph reinhard reinhold richard robert roland rolf rudolf
rüdiger sascha sebastian siegfried simon stefan stephan steffen sven thomas thorsten tim tobias tom torsten
udo ulrich uwe volker walter werner wilhelm willi wolfgang yannick
# Austrian and Swiss
alois florian johanna leopold sepp stefanie vreni ueli urs beat reto jürg adrian lorenz valentin wendelin
fridolin kaspar mathis nadja corinne regula
# English
james john robert william richard charles george edward henry thomas christopher matthew anthony mark donald
steven andrew joshua kenneth brian ronald timothy jason jeffrey ryan gary nicholas eric stephen larry justin
scott brandon gregory samuel harry oliver jack jacob charlie alfie freddie archie arthur oscar
mary patricia jennifer linda elizabeth susan jessica karen nancy lisa betty margaret ashley kimberly emily
donna michelle carol amanda melissa deborah stephanie rebecca sharon cynthia kathleen amy shirley angela
helen brenda pamela nicole samantha katherine catherine emma rachel olivia isla ava grace chloe lucy sophie
poppy evie alice jane joan ann anne
# French
jean pierre jacques michel philippe alain nicolas françois bernard patrick christophe frédéric laurent éric
stéphane olivier pascal sébastien julien thierry vincent guillaume antoine mathieu hugo louis lucas gabriel
raphaël arthur jules théo baptiste hervé didier yves gérard rené marcel andré claude
marie nathalie isabelle sylvie catherine françoise martine christine monique valérie sandrine céline sophie
aurélie camille chloé manon léa inès juliette amandine émilie élodie mathilde margaux pauline agnès hélène
brigitte véronique dominique virginie delphine
# Italian, Spanish, Dutch
giuseppe giovanni francesco antonio alessandro andrea giulia francesca chiara federica alessandra
josé juan carlos javier miguel pablo carmen lucía pilar isabel
jeroen sander pieter bram daan sem lieke femke sanne anouk marieke
`;

/** The given names, lower case. */
export const GIVEN_NAMES: ReadonlySet<string> = new Set(
  NAMES.split('\n')
    .filter((line) => !line.startsWith('#'))
    .join(' ')
    .split(/\s+/)
    .filter((name) => name !== ''),
);

/** Whether `word` is a known given name ("Anna"; "Hans-Peter" and "Anne-Marie" when their first part is). */
export function isGivenName(word: string): boolean {
  const lower = word.toLocaleLowerCase('de');
  return GIVEN_NAMES.has(lower) || GIVEN_NAMES.has(lower.split('-')[0] ?? '');
}
