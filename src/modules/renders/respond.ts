import { presentRender } from './model';
import type { RenderRow } from './schema';
import type { RenderServices } from './services';

export function downloadUrl(
  services: Pick<RenderServices, 'signer' | 'publicBaseUrl'>,
  request: Request,
  row: RenderRow,
): string {
  const base = services.publicBaseUrl ?? new URL(request.url).origin;
  const token = services.signer.sign(row.id, new Date(row.expiresAt));
  return `${base}/api/v1/renders/${row.id}/download?token=${token}`;
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
) {
  if (binary) return pdfResponse(result.bytes, result.row);
  return { data: presentRender(result.row, downloadUrl(services, request, result.row)) };
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
