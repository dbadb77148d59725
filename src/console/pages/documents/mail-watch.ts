// After "Send" on a document's page the e-mail goes out in the background (a job): the page said "queued"
// and the document's old status ("Abgeschlossen") until it was read again by hand. The document's e-mails are
// asked again every 2 s while one is still queued (for at most a minute); once none is, `onSettled` reads the
// document and its e-mails again (the job marked it sent).
import { useEffect, useRef } from 'preact/hooks';
import { list } from '../../api';
import type { Delivery } from '../../api-types';

const EVERY_MS = 2_000;
const AT_MOST = 30;

/** Watches the document's e-mails after the `round`th send from this page (0: none sent yet). */
export function useMailWatch(documentId: string, round: number, onSettled: () => void): void {
  // The latest callback, without asking again when the page re-renders.
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (round === 0) return;
    let stopped = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      tries += 1;
      const queued = await list<Delivery>(`/documents/${encodeURIComponent(documentId)}/deliveries`, {
        limit: 20,
      }).then(
        (page) => page.data.some((delivery) => delivery.status === 'queued'),
        () => false,
      );
      if (stopped) return;
      if (!queued) settled.current();
      else if (tries < AT_MOST) timer = setTimeout(ask, EVERY_MS);
    };
    timer = setTimeout(ask, EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [documentId, round]);
}
