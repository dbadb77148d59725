// The reference module's face: the lists live in the domain layer; fonts are resolved by the renderer.
export * from '../../domain/reference';
export { drawnFontFamily, fontFamilyProblems, listFonts } from './fonts';
