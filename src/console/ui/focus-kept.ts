// A button disabled while its action runs ("Save" while saving) loses the focus: the browser moves it to
// the page itself, and a keyboard user starts again at the top, a screen reader somewhere else. The shell
// watches for that on every screen: the control that had the focus gets it back once it is enabled again
// (still on the page, and nothing else took the focus meanwhile).
import { useEffect } from 'preact/hooks';

export function useFocusKept(): void {
  useEffect(() => {
    let last: Element | null = null;
    let lost: HTMLElement | null = null;
    const focused = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
      if (last !== lost) lost = null;
    };
    const observer = new MutationObserver(() => {
      if (!lost && last instanceof HTMLElement && last.matches(':disabled')) {
        lost = last;
        return;
      }
      if (!lost) return;
      if (!lost.isConnected) {
        lost = null;
        return;
      }
      if (lost.matches(':disabled')) return;
      const active = document.activeElement;
      const element = lost;
      lost = null;
      if (!active || active === document.body || active === element) element.focus();
    });
    document.addEventListener('focusin', focused);
    observer.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
    return () => {
      document.removeEventListener('focusin', focused);
      observer.disconnect();
    };
  }, []);
}
