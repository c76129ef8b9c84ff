import { useRef } from 'react';
import { useBlocker } from '@tanstack/react-router';

export const DISCARD_MESSAGE = 'You have unsaved changes. Leave without saving?';

/**
 * Asks before navigating away (in the app or closing the tab) while a form has unsaved changes.
 * Call the returned `release()` right after a successful save: the form is still dirty until it
 * re-renders, and a navigation made in the same tick must not ask.
 */
export function useUnsavedChangesWarning(dirty: boolean): () => void {
  const released = useRef(false);
  useBlocker({
    shouldBlockFn: () => dirty && !released.current && !window.confirm(DISCARD_MESSAGE),
    enableBeforeUnload: () => dirty && !released.current,
    disabled: !dirty,
  });
  return () => {
    released.current = true;
  };
}

/** For closing a form in place (Cancel, Escape): true when it may close. */
export const mayDiscard = (dirty: boolean): boolean => !dirty || window.confirm(DISCARD_MESSAGE);
