export { rendersAccess } from './access';
export {
  IssuedFile,
  MAX_EXPIRES_IN,
  PageSizeSchema,
  Render,
  RenderDocumentData,
  StatelessRenderBody,
} from './model';
export { findIssuedFile, findRender, findRenderById, keepRenderUntil, latestRenderOf } from './repo';
export {
  linkHolderOf,
  linkKeyOf,
  pdfResponse,
  renderResponse,
  signedDownloadUrl,
  wantsBinary,
} from './respond';
export type { IssuedFileRow, IssuedFirstUse, RenderRow } from './schema';
export { type RenderServices, renderServicesOf } from './services';
export { DownloadSigner } from './signing';
export { issuedPdf } from './use-cases/archived-pdf';
export { FACTUR_X, PLAIN_PDF } from './use-cases/issued-files';
export { keptPdf, renderOfIssued } from './use-cases/issued-pdf';
export { type IssuedXml, issuedXml } from './use-cases/issued-xml';
export { renderStateless, type StatelessRender, statelessRenderOf } from './use-cases/render-stateless';
export {
  renderStoredDocument,
  type StoredRenderBody,
  storedPdfInput,
} from './use-cases/render-stored-document';
export { sweepExpiredRenders } from './use-cases/sweep-expired-renders';
