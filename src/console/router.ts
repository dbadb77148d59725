// Hash routes (`#/documents/doc_1`): one page served at `/`, deep links that survive a reload, and no
// server route per screen.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from './i18n';

export function currentRoute(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}

// A form with unsaved changes asks before the page is left: a link or button inside the console, the
// browser's back button (hashchange) or closing and reloading the tab (beforeunload).
// Each guarded form on screen adds its check (a settings page may show several forms at once).
const guards = new Set<() => boolean>();
let leaving = false;
const unsaved = () => !leaving && [...guards].some((check) => check());

/** True when nothing unsaved is in the way, or the person chose to leave it. */
export function mayLeave(): boolean {
  if (!unsaved()) return true;
  if (!confirm(t('You have unsaved changes. Leave this page and lose them?'))) return false;
  // Asked once: the change this answer allows does not ask again (until the next route or form).
  leaving = true;
  return true;
}

if (typeof window !== 'undefined') {
  // Registered before any screen's own listener: a refused change of route reaches none of them.
  addEventListener('hashchange', (event) => {
    if (leaving) {
      leaving = false;
      return;
    }
    if (mayLeave()) {
      leaving = false;
      return;
    }
    event.stopImmediatePropagation();
    history.replaceState(null, '', event.oldURL);
  });
  // Links are stopped before the hash changes, so the page and its history stay as they were.
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
      if (!link || link.getAttribute('href') === location.hash || !unsaved()) return;
      if (!mayLeave()) event.preventDefault();
    },
    true,
  );
  addEventListener('beforeunload', (event) => {
    if (!unsaved()) return;
    event.preventDefault();
    // Older browsers show the question only when returnValue is set.
    event.returnValue = '';
  });
}

/**
 * Guards a form while `dirty` says it holds unsaved changes. The returned `release` lets it go without a
 * question (after saving, before moving on to the saved record).
 */
export function useUnsavedGuard(dirty: boolean): () => void {
  const state = useRef({ dirty, released: false });
  state.current.dirty = dirty;
  useEffect(() => {
    const check = () => state.current.dirty && !state.current.released;
    guards.add(check);
    leaving = false;
    return () => {
      guards.delete(check);
    };
  }, []);
  return () => {
    state.current.released = true;
  };
}

export function useRoute(): string[] {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const changed = () => {
      const next = currentRoute();
      setRoute((shown) => (shown.join('/') === next.join('/') ? shown : next));
    };
    addEventListener('hashchange', changed);
    // The hash may have changed between the first drawing and this effect (which runs after the paint):
    // that change's event went to nobody here, and the screen would stay on the route it was drawn for.
    changed();
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

export const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;

export function navigate(...parts: string[]): void {
  location.hash = href(...parts);
}
