// Hash routes (`#/documents/doc_1`): one page served at `/`, deep links that survive a reload, and no
// server route per screen.
import { useEffect, useState } from 'preact/hooks';

export function currentRoute(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}

export function useRoute(): string[] {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const changed = () => setRoute(currentRoute());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

export const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;

export function navigate(...parts: string[]): void {
  location.hash = href(...parts);
}
