// What a screen says happened once it is done (a customer saved, then the list shown): the shell keeps one
// live region (role=status) on every screen, so the words are announced to a screen reader even when the
// screen that said them is gone, and shown at the top of the next screen until the one after.
type Listener = (text: string) => void;

let listener: Listener | null = null;

/** Tells the shell's live region `text` (polite: after what the screen reader is reading). */
export function announce(text: string): void {
  listener?.(text);
}

/** The shell's region listens here (one at a time); null stops it. */
export function onAnnounce(next: Listener | null): void {
  listener = next;
}
