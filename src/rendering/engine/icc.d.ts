// ICC profiles embedded into the executable with `with { type: 'file' }`: the import is a path for Bun.file.
// (Here rather than in src/types.d.ts: only the renderer embeds one.)
declare module '*.icc' {
  const path: string;
  export default path;
}
