export { rendersAccess } from './access';
export { MAX_EXPIRES_IN, PageSizeSchema, Render, StatelessRenderBody } from './model';
export { findRender, findRenderById, keepRenderUntil, latestRenderOf } from './repo';
export { linkKeyOf, pdfResponse, renderResponse, signedDownloadUrl, wantsBinary } from './respond';
export type { RenderRow } from './schema';
export { type RenderServices, renderServicesOf } from './services';
export { DownloadSigner } from './signing';
export { renderStateless, type StatelessRender, statelessRenderOf } from './use-cases/render-stateless';
export {
  renderStoredDocument,
  type StoredRenderBody,
  storedPdfInput,
} from './use-cases/render-stored-document';
export { sweepExpiredRenders } from './use-cases/sweep-expired-renders';
