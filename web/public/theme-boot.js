/* global localStorage, document, requestAnimationFrame, setTimeout */
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
//    <script type="module"> tag: the app is fetched once the page has painted, so on a phone the
//    HTML and CSS the first paint needs do not share the bandwidth with it. The app then hydrates
//    the page. (A tab in the background paints, and so loads the app, when it is shown.)
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
  requestAnimationFrame(() => setTimeout(load, 0));
})();
