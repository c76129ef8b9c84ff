/* global localStorage, document */
// Applies the saved dark theme before the prerendered page paints (features/theme/theme.ts owns
// the 'theme' key; main.tsx applies it again). A file, not an inline script: the CSP forbids those.
try {
  if (localStorage.getItem('theme') === 'dark') {
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
  }
} catch {
  // storage disabled: light
}
