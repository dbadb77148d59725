declare module '*.sql' {
  const text: string;
  export default text;
}

// Files embedded into the executable with `with { type: 'file' }`: the import is a path for Bun.file.
declare module '*.ttf' {
  const path: string;
  export default path;
}
declare module '*.png' {
  const path: string;
  export default path;
}
declare module '*.css' {
  const path: string;
  export default path;
}
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const path: string;
  export default path;
}

// saxon-js ships no types; src/einvoicing/schematron/saxon.ts narrows it to the few calls the service makes.
declare module 'saxon-js' {
  const SaxonJS: unknown;
  export default SaxonJS;
}
