import { useEffect, useRef, useState } from 'preact/hooks';
import type { Page } from '../api';
import { t } from '../i18n';

export interface Pages<T> {
  items: T[];
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

/** Cursor paging: the first page whenever `deps` change, the next one on `more()`. */
export function usePages<T>(load: (cursor?: string) => Promise<Page<T>>, deps: unknown[]): Pages<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const ticket = useRef(0);

  const fetchPage = (after: string | undefined, append: boolean) => {
    const mine = ++ticket.current;
    setLoading(true);
    setError(null);
    load(after).then(
      (page) => {
        if (mine !== ticket.current) return;
        setItems((current) => (append ? [...current, ...page.data] : page.data));
        setCursor(page.pagination.has_more ? page.pagination.next_cursor : null);
        setLoading(false);
      },
      (caught: unknown) => {
        if (mine !== ticket.current) return;
        setError(caught);
        setLoading(false);
      },
    );
  };
  // The caller's deps decide when to start over.
  useEffect(() => fetchPage(undefined, false), [...deps, round]);
  return {
    items,
    loading,
    error,
    hasMore: cursor !== null,
    more: () => cursor && fetchPage(cursor, true),
    reload: () => setRound((n) => n + 1),
  };
}

export function Pager<T>({ pages }: { pages: Pages<T> }) {
  if (pages.loading)
    return (
      <p class="loading" role="status">
        {t('Loading…')}
      </p>
    );
  if (!pages.hasMore) return null;
  return (
    <button type="button" class="more" onClick={pages.more}>
      {t('Load more')}
    </button>
  );
}
