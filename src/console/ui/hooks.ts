import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads with `load` whenever `deps` change; a late answer to an older request is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  // The caller's deps decide when to load again.
  useEffect(() => {
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => ticket === latest.current && setState({ data, loading: false }),
      (error: unknown) => ticket === latest.current && setState({ error, loading: false }),
    );
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** Runs one action at a time: `busy` while it runs, its error kept for display. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      setError(caught);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}

/** `value` once it has stopped changing for `ms` (the earlier settled value until then). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Offers a Blob as a download under `filename`. */
export function saveBlob(data: Blob, filename: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A `blob:` URL for `data` while the component shows it, released when it goes or the data changes. */
export function useObjectUrl(data: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [data]);
  return url;
}

/** Reloads every second while `running` says the work is not done (a batch, an import committing). */
export function usePolling(reload: () => void, running: boolean) {
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, 1000);
    return () => clearInterval(timer);
  }, [running, reload]);
}
