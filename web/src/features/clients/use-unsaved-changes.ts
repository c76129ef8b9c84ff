import { useEffect } from 'react';
import { useBlocker } from '@tanstack/react-router';

/** Warns before leaving a form with unsaved changes: in-app navigation and closing the tab. */
export function useUnsavedChanges(dirty: boolean): void {
  useBlocker({
    shouldBlockFn: () => !window.confirm('You have unsaved changes. Leave without saving?'),
    disabled: !dirty,
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
