/* global localStorage, document, window, requestAnimationFrame, setTimeout, PerformanceObserver */
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
