// svg-to-pdfkit ships no types; image.ts states the part of its signature it uses.
declare module 'svg-to-pdfkit' {
  const svgToPdf: unknown;
  export default svgToPdf;
}
