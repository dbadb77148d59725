// The GDPdU DTD (assets/gdpdu/) embedded into the executable with `with { type: 'text' }`: the import is its text.
// (Here rather than in src/types.d.ts: only the audit export embeds one.)
declare module '*.dtd' {
  const text: string;
  export default text;
}
