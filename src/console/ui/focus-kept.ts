// A button disabled while its action runs ("Save" while saving) loses the focus: the browser moves it to
// the page itself, and a keyboard user starts again at the top, a screen reader somewhere else. The shell
// watches for that on every screen: the control that had the focus gets it back once it is enabled again
// (still on the page, and nothing else took the focus meanwhile), without scrolling the page back to it
// (a mouse user may have scrolled away while it worked). A control the person left for the page itself
// (a click beside it) is not given the focus again.
import { useEffect } from 'preact/hooks';

/** Whether the focus is on nothing: the page itself, or a control that is disabled or gone. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.matches(':disabled');
}

export function useFocusKept(): void {
  useEffect(() => {
    let last: Element | null = null;
    let lost: HTMLElement | null = null;
    const focused = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
      if (last !== lost) lost = null;
    };
    // Left for the page itself (not for another element, not because it was disabled): nothing to give back.
    const left = (event: FocusEvent) => {
      if (event.relatedTarget || event.target !== last) return;
      if (last instanceof HTMLElement && last.matches(':disabled')) return;
      // The window lost the focus (another tab): the element keeps it and gets it back with the window.
      if (document.activeElement === last) return;
      last = null;
      lost = null;
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
      if (!active || active === document.body || active === element) element.focus({ preventScroll: true });
    });
    document.addEventListener('focusin', focused);
    document.addEventListener('focusout', left);
    observer.observe(document.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
    return () => {
      document.removeEventListener('focusin', focused);
      document.removeEventListener('focusout', left);
      observer.disconnect();
    };
  }, []);
}

/**
 * After an action whose control stays disabled or goes (Approve once approved, Record payment once nothing
 * is due), the focus would stay on the page itself: it goes to `target` (the status message, the next
 * control, the new row) once the screen has drawn the result. Only while the focus is lost: a screen that
 * puts it somewhere, a control that is enabled again (and gets it back), or a key or click of the person
 * ends the watch; so does a while without a change.
 */
export function focusAfterAction(target: () => HTMLElement | null | undefined): void {
  const main = document.getElementById('main') ?? document.body;
  let check: ReturnType<typeof setTimeout> | undefined;
  const place = () => {
    check = undefined;
    if (!focusIsLost()) return;
    const element = target();
    if (!element?.isConnected) return;
    if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
    stop();
  };
  const observer = new MutationObserver(() => {
    if (check === undefined) check = setTimeout(place, 0);
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    if (check !== undefined) clearTimeout(check);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, 10_000);
  observer.observe(main, { attributes: true, attributeFilter: ['disabled'], childList: true, subtree: true });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  check = setTimeout(place, 0);
}

/**
 * Brings a card of the side column on screen (under the document on a narrow screen), its heading focused so
 * a screen reader says where the person now is.
 */
export function jumpTo(headingId: string) {
  const heading = window.document.getElementById(headingId);
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  (heading.closest('section') ?? heading).scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}
