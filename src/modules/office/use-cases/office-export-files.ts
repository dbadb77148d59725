// What one client contributes to an office export: its folder's name and its three DATEV files.
import type { AccountCtx } from '../../../shared/context';
import { datevExport, datevMasterData } from '../../exports';

export interface ClientFile {
  name: string;
  bytes: Uint8Array;
}

const SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/**
 * A client's name as a folder name every unzip tool and Windows keep as it is: umlauts spelled out, other
 * accents dropped, anything but letters, digits, `.`, `-` and `_` an underscore, at most 60 characters.
 */
export function safeName(name: string): string {
  const spelled = name
    .replace(/[äöüÄÖÜß]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  const safe = spelled
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 60)
    .replace(/[._]+$/, '');
  return safe === '' ? 'Mandant' : safe;
}

/**
 * The client's folder, named by its Mandantennummer as the tax adviser files it; two clients that would
 * share one (the same number under two Beraternummern, and the same name) are told apart by a suffix.
 */
export function folderOf(clientNumber: number | null, name: string, taken: Set<string>): string {
  const base = `${clientNumber === null ? 'ohne-Mandantennummer' : String(clientNumber)}_${safeName(name)}`;
  let folder = base;
  for (let n = 2; taken.has(folder); n++) folder = `${base}_${n}`;
  taken.add(folder);
  return folder;
}

const bytesOf = async (body: ReadableStream) => new Uint8Array(await new Response(body).arrayBuffer());

/**
 * The client's Buchungsstapel of issued and of received documents and the master data of the period, in
 * Windows-1252, all or none. Each use-case checks before it writes (numbers set: 409; rates to the euro,
 * the period within one fiscal year: 422), so all three are opened before any is read: a client refused by
 * one gets no file, and nothing of it is recorded as exported (a file counts once read to its end). A file
 * is read whole before the next: one client's month, not the office's, is in memory at a time.
 */
export interface ClientFiles {
  files: ClientFile[];
  /** The client's books kept elsewhere (booked_until) and what its two Buchungsstapel leave out for it. */
  booked: { until: string; leftOut: { issued: number; received: number } } | null;
}

export async function clientFiles(
  ctx: AccountCtx,
  period: { from: string; to: string },
): Promise<ClientFiles> {
  const encoding = 'windows-1252' as const;
  const opened: { name: string; body: ReadableStream }[] = [];
  let booked: ClientFiles['booked'] = null;
  try {
    const issued = await datevExport({ ctx, input: { ...period, kind: 'issued', encoding } });
    opened.push({ name: `EXTF_Buchungsstapel_Ausgang_${period.from}_${period.to}.csv`, body: issued.body });
    const received = await datevExport({ ctx, input: { ...period, kind: 'received', encoding } });
    opened.push({ name: `EXTF_Buchungsstapel_Eingang_${period.from}_${period.to}.csv`, body: received.body });
    if (issued.bookedUntil !== null) {
      booked = {
        until: issued.bookedUntil,
        leftOut: { issued: issued.leftOut, received: received.leftOut },
      };
    }
    const master = await datevMasterData({ ctx, input: { ...period, encoding } });
    opened.push({ name: master.filename, body: master.body });
  } catch (error) {
    for (const file of opened) await file.body.cancel();
    throw error;
  }
  const files: ClientFile[] = [];
  try {
    for (const file of opened) files.push({ name: file.name, bytes: await bytesOf(file.body) });
  } catch (error) {
    for (const file of opened.slice(files.length + 1)) await file.body.cancel();
    throw error;
  }
  return { files, booked };
}
