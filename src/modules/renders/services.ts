import type { RenderPdf } from '../../rendering/types';
import type { BlobStore } from '../../storage/blob-store';
import { type ComplianceDeps, complianceDepsOf } from '../compliance';
import type { DownloadSigner } from './signing';

/** What producing and serving renders needs beyond the use-case context. */
export interface RenderServices {
  blobs: BlobStore;
  renderPdf: RenderPdf;
  signer: DownloadSigner;
  /** PUBLIC_BASE_URL; null = the origin of the request being answered. */
  publicBaseUrl: string | null;
  /** The e-invoicing checks a Factur-X render runs first. */
  compliance: ComplianceDeps;
}

/** The render services out of the app's dependencies (the HTTP routes and the batch job share them). */
export function renderServicesOf(deps: {
  blobs: BlobStore;
  renderPdf: RenderPdf;
  signer: DownloadSigner;
  publicBaseUrl: string | null;
  rulePack: ComplianceDeps['pack'];
  sefCacheDir: string | null;
  runProfile: ComplianceDeps['runProfile'];
  complianceGate: ComplianceDeps['gate'];
}): RenderServices {
  return {
    blobs: deps.blobs,
    renderPdf: deps.renderPdf,
    signer: deps.signer,
    publicBaseUrl: deps.publicBaseUrl,
    compliance: complianceDepsOf(deps),
  };
}
