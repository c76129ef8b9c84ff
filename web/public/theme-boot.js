/* global localStorage, document, window, requestAnimationFrame, setTimeout, PerformanceObserver, console */
// The page's one boot script, loaded first and synchronously from <head> (a file, not an inline
// script: the CSP forbids those). Kept to what must happen before the page paints.

// 0. R-ERR-1: errors thrown by browser extensions (their scripts run in our page, from the very
//    start) are not ours to report. They are recognised by the message Chrome gives when an
//    extension reloads, or by an extension URL in the file name, stack or message, and only
//    warned about; every other error goes on to the browser's normal reporting untouched.
//    Installed here, before any other script and before the first paint, for the whole page.
(function filterExtensionErrors() {
  const EXTENSION_URL = /\b(?:chrome|moz|safari(?:-web)?|ms-browser)-extension:\/\//i;
  const EXTENSION_MESSAGE = /extension context invalidated/i;
  const text = (v) => (typeof v === 'string' ? v : '');
  const cluesOf = (reason) => {
    if (typeof reason === 'string') return { message: reason, stack: '' };
    if (typeof reason === 'object' && reason !== null) return { message: text(reason.message), stack: text(reason.stack) };
    return { message: '', stack: '' };
  };
  const fromExtension = (c) =>
    EXTENSION_MESSAGE.test(c.message) || EXTENSION_URL.test(c.filename || '') || EXTENSION_URL.test(c.stack) || EXTENSION_URL.test(c.message);
  window.addEventListener('error', (event) => {
    const clues = cluesOf(event.error);
    clues.message = clues.message || text(event.message);
    clues.filename = text(event.filename);
    if (!fromExtension(clues)) return;
    event.preventDefault();
    console.warn('Ignored an error from a browser extension:', clues.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const clues = cluesOf(event.reason);
    if (!fromExtension(clues)) return;
    event.preventDefault();
    console.warn('Ignored a rejected promise from a browser extension:', clues.message || String(event.reason));
  });
})();

// 1. Applies the saved dark theme before the page paints (features/theme/theme.ts owns the
//    'theme' key). A file, not an inline script: the CSP forbids those.
try {
  if (localStorage.getItem('theme') === 'dark') {
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
  }
} catch {
  // storage disabled: light
}

// 2. A prerendered page (scripts/prerender.ts) names the app's entry in data-app instead of a
//    <script type="module"> tag: the app is fetched once the page has painted its content, so
//    on a phone the HTML and CSS the first paint needs do not share the bandwidth with it. The
//    app then hydrates the page. (A tab opened in the background paints, and so loads the app,
//    when it is shown.)
(function loadAppAfterFirstPaint() {
  const script = document.currentScript;
  const src = script && script.getAttribute('data-app');
  if (!src) return;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = src;
    document.head.appendChild(app);
  };
  const paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (paintTiming) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(load, 0));
  }
  // In case no paint is ever reported.
  window.addEventListener('load', () => setTimeout(load, 3000));
})();
