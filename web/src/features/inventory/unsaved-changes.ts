import { useBlocker } from '@tanstack/react-router';

export const DISCARD_MESSAGE = 'You have unsaved changes. Leave without saving?';

/** Asks before navigating away (in the app or closing the tab) while a form has unsaved changes. */
export function useUnsavedChangesWarning(dirty: boolean): void {
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(DISCARD_MESSAGE),
    enableBeforeUnload: () => dirty,
    disabled: !dirty,
  });
}

/** For closing a form in place (Cancel, Escape): true when it may close. */
export const mayDiscard = (dirty: boolean): boolean => !dirty || window.confirm(DISCARD_MESSAGE);
