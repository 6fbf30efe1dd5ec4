import { useCallback, useEffect, useRef, useState } from 'react';
import { shownError } from './FieldFrame';

// Whether a pointer (mouse button, finger, pen) is pressed right now, anywhere in the page.
let pointerDown = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pointerDown = true), true);
  window.addEventListener('pointerup', () => (pointerDown = false), true);
  window.addEventListener('pointercancel', () => (pointerDown = false), true);
}

/**
 * Runs `show` once the press that moved focus away has ended in its click. A message appearing while
 * the button is still held would push the form's button away from under the pointer, and the click
 * (on 'Continue', 'Send magic link') would land on nothing.
 */
function afterThePress(show: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.removeEventListener('click', run, true);
    window.removeEventListener('pointercancel', run, true);
    window.removeEventListener('pointerup', later, true);
    show();
  };
  // A press that ends in no click (dragged away) still shows the message, just after it.
  const later = () => setTimeout(run, 0);
  window.addEventListener('click', run, true);
  window.addEventListener('pointercancel', run, true);
  window.addEventListener('pointerup', later, true);
  return () => {
    done = true;
    window.removeEventListener('click', run, true);
    window.removeEventListener('pointercancel', run, true);
    window.removeEventListener('pointerup', later, true);
  };
}

/**
 * A field's own rule (e-mail, URL, phone, date): silent until the member first leaves the field, then
 * live, so the message goes as soon as the value is put right. A message from outside always wins.
 * Leaving by a click shows the message once the click is done, so the click still reaches its button.
 */
export function useOwnRule(outside: string | undefined, own: string | null) {
  const [touched, setTouched] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const touch = useCallback(() => {
    if (!pointerDown) {
      setTouched(true);
      return;
    }
    cancel.current?.();
    cancel.current = afterThePress(() => setTouched(true));
  }, []);
  return { error: shownError(outside, own, touched), touch };
}
