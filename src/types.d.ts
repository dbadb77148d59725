declare module '*.sql' {
  const text: string;
  export default text;
}

// Files embedded into the executable with `with { type: 'file' }`: the import is a path for Bun.file.
declare module '*.ttf' {
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
