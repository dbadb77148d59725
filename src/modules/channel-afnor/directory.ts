// Reachability in the French directory (XP Z12-013 Directory Service): a company receives e-invoices
// where an Enabled directory line names it. A SIREN (0002) is looked up by its own lines; a SIRET (0009)
// by its lines, else by its company's SIREN-wide line (a line without SIRET covers every facility); a
// routing code (0224) by the lines that name it; a French electronic address (EAS 0225, BT-49 as the reform
// writes it: the SIREN, `SIREN_SIRET`, `SIREN_SIRET_ROUTING` or a suffix) by the line whose addressing
// identifier it is.
import {
  type ChannelConnection,
  ChannelError,
  type LookupAnswer,
  type ParticipantId,
} from '../../delivery-channel';
import type { AfnorClient } from './client';
import { bodyText } from './http-errors';

interface DirectoryLine {
  addressingIdentifier?: string;
  platformType?: string;
  directoryLineStatus?: string;
  siren?: string;
  siret?: string;
  routingCode?: { routingIdentifier?: string };
}

type Filter = 'siren' | 'siret' | 'routingIdentifier' | 'addressingIdentifier';

const PLATFORMS: Record<string, string> = {
  WK: 'an approved platform (PA)',
  DFH: 'the public platform (PPF)',
};

export async function lookupParticipant(
  client: AfnorClient,
  conn: ChannelConnection,
  receiver: ParticipantId,
): Promise<LookupAnswer> {
  const value = receiver.value.replace(/\s/g, '');
  if (receiver.scheme === '0002') {
    if (!/^\d{9}$/.test(value)) return unreachable('a SIREN (0002) is 9 digits');
    const { lines, raw } = await search(client, conn, 'siren', value);
    return answerOf(pick(lines, (l) => !l.siret && !l.routingCode?.routingIdentifier) ?? pick(lines), raw);
  }
  if (receiver.scheme === '0009') {
    if (!/^\d{14}$/.test(value)) return unreachable('a SIRET (0009) is 14 digits');
    const own = await search(client, conn, 'siret', value);
    const line = pick(own.lines, (l) => !l.routingCode?.routingIdentifier) ?? pick(own.lines);
    if (line) return answerOf(line, own.raw);
    const company = await search(client, conn, 'siren', value.slice(0, 9));
    return answerOf(
      pick(company.lines, (l) => !l.siret),
      company.raw ?? own.raw,
    );
  }
  if (receiver.scheme === '0224') {
    if (value === '' || value.length > 100)
      return unreachable('a routing code (0224) is 1 to 100 characters');
    const { lines, raw } = await search(client, conn, 'routingIdentifier', value);
    return answerOf(pick(lines), raw);
  }
  if (receiver.scheme === '0225') {
    if (value === '' || value.length > 125)
      return unreachable('a French electronic address (0225) is 1 to 125 characters');
    const { lines, raw } = await search(client, conn, 'addressingIdentifier', value);
    return answerOf(
      pick(lines, (l) => l.addressingIdentifier === value),
      raw,
    );
  }
  return unreachable(
    `${receiver.scheme} is no French identifier scheme (0002 SIREN, 0009 SIRET, 0224 routing code, 0225 electronic address)`,
  );
}

async function search(
  client: AfnorClient,
  conn: ChannelConnection,
  field: Filter,
  value: string,
): Promise<{ lines: DirectoryLine[]; raw: string | null }> {
  const response = await client.call(conn, 'directory', '/v1/directory-line/search', {
    json: { filters: { [field]: { op: 'strict', value } }, limit: 100 },
    allow: [404],
  });
  // 204 (and a 404 some platforms answer): no line names it.
  if (response.status === 204 || response.status === 404) {
    await response.body?.cancel();
    return { lines: [], raw: null };
  }
  const raw = await bodyText(response, 'The Directory Service');
  let results: unknown;
  try {
    results = (JSON.parse(raw) as { results?: unknown } | null)?.results;
  } catch {
    results = undefined;
  }
  // An answer that cannot be read says nothing of the receiver: asked again later, never "unreachable".
  if (!Array.isArray(results))
    throw new ChannelError('The Directory Service answered a search with no results it could read', true, {
      status: response.status,
      raw: { contentType: response.headers.get('content-type') ?? 'application/octet-stream', body: raw },
    });
  return { lines: results as DirectoryLine[], raw };
}

/** The first Enabled line that fits. */
function pick(lines: DirectoryLine[], fits: (line: DirectoryLine) => boolean = () => true) {
  return lines.find((line) => line.directoryLineStatus === 'Enabled' && fits(line)) ?? null;
}

function answerOf(line: DirectoryLine | null, raw: string | null): LookupAnswer {
  const receipt = raw === null ? null : { contentType: 'application/json', body: raw };
  if (!line) {
    return {
      reachable: false,
      invoice: false,
      creditNote: false,
      detail: 'no Enabled directory line names it',
      raw: receipt,
    };
  }
  const platform = PLATFORMS[line.platformType ?? ''] ?? `platform type ${line.platformType ?? 'unstated'}`;
  return {
    reachable: true,
    invoice: true,
    creditNote: true,
    detail: `addressing identifier ${line.addressingIdentifier ?? '(unstated)'} on ${platform}`,
    raw: receipt,
  };
}

function unreachable(detail: string): LookupAnswer {
  return { reachable: false, invoice: false, creditNote: false, detail, raw: null };
}
