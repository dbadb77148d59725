import type { AccountCtx } from '../../shared/context';
import { presentRender } from './model';
import type { RenderRow } from './schema';
import type { RenderServices } from './services';

/** The API key a context acts with: a signed link it makes stops working when that key is revoked. */
export const linkKeyOf = (ctx: AccountCtx): string | null =>
  ctx.actor.kind === 'api_key' ? ctx.actor.keyId : null;

/**
 * Who a link answered to the caller is bound to: the API key, or for a signed-in person (the console) the
 * workspace membership they act under, so that removing them from the account ends the links they made
 * (docs/renders.md, "Signed links"). Links put into e-mails to customers take `linkKeyOf`: a customer's
 * link does not end because the employee who sent it left.
 */
export const linkHolderOf = (ctx: AccountCtx): string | null =>
  ctx.actor.kind === 'session' ? (ctx.actor.memberId ?? null) : linkKeyOf(ctx);

export function downloadUrl(
  services: Pick<RenderServices, 'signer' | 'publicBaseUrl'>,
  request: Request,
  row: RenderRow,
  keyId: string | null,
): string {
  const origin = services.publicBaseUrl ?? new URL(request.url).origin;
  return signedDownloadUrl(services.signer, origin, row, keyId);
}

/** The signed link to a render's PDF under `origin`, bound to the key whose request made it. */
export function signedDownloadUrl(
  signer: RenderServices['signer'],
  origin: string,
  row: RenderRow,
  keyId: string | null,
): string {
  const token = signer.sign(row.id, new Date(row.expiresAt), keyId);
  return `${origin}/api/v1/renders/${row.id}/download?token=${token}`;
}

/** `Accept: application/pdf` or `delivery: binary` gets the bytes; anything else the Render object. */
export function wantsBinary(request: Request, delivery?: string): boolean {
  return delivery === 'binary' || (request.headers.get('accept') ?? '').includes('application/pdf');
}

export function renderResponse(
  services: RenderServices,
  request: Request,
  result: { row: RenderRow; bytes: Uint8Array },
  binary: boolean,
  keyId: string | null,
) {
  if (binary) return pdfResponse(result.bytes, result.row);
  return { data: presentRender(result.row, downloadUrl(services, request, result.row, keyId)) };
}

export function pdfResponse(bytes: Uint8Array, row: RenderRow): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${row.id}.pdf"`,
      'x-render-id': row.id,
      'cache-control': 'private, no-store',
    },
  });
}
