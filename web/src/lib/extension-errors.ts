/**
 * R-ERR-1: errors thrown by browser extensions (their scripts run in our page) are not ours to
 * report. They are recognised by the message Chrome gives when an extension reloads, or by an
 * extension URL in the file name or stack, and only warned about; every other error goes on
 * to the browser's normal reporting untouched.
 */
const EXTENSION_URL = /\b(?:chrome|moz|safari(?:-web)?|ms-browser)-extension:\/\//i;
const EXTENSION_MESSAGE = /extension context invalidated/i;

export interface ErrorClues {
  message?: string | null;
  stack?: string | null;
  filename?: string | null;
}

export function isExtensionError({ message, stack, filename }: ErrorClues): boolean {
  return (
    EXTENSION_MESSAGE.test(message ?? '') ||
    EXTENSION_URL.test(filename ?? '') ||
    EXTENSION_URL.test(stack ?? '') ||
    EXTENSION_URL.test(message ?? '')
  );
}

function cluesOf(reason: unknown): ErrorClues {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? null };
  if (typeof reason === 'string') return { message: reason };
  if (typeof reason === 'object' && reason !== null) {
    const r = reason as { message?: unknown; stack?: unknown };
    return { message: typeof r.message === 'string' ? r.message : null, stack: typeof r.stack === 'string' ? r.stack : null };
  }
  return {};
}

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Installs the filter on `target` (the window); returns a function that removes it. */
export function installExtensionErrorFilter(target: Target, warn: (...args: unknown[]) => void = console.warn): () => void {
  const onError = (event: ErrorEvent) => {
    const clues = { ...cluesOf(event.error), filename: event.filename };
    if (clues.message == null || clues.message === '') clues.message = event.message;
    if (!isExtensionError(clues)) return;
    event.preventDefault();
    warn('Ignored an error from a browser extension:', clues.message ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const clues = cluesOf(event.reason);
    if (!isExtensionError(clues)) return;
    event.preventDefault();
    warn('Ignored a rejected promise from a browser extension:', clues.message ?? String(event.reason));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
