// Runs before the first paint (a classic, blocking script in index.html's head, outside the bundle, which loads
// after): the colour scheme the reader chose with the page's switch (web/src/app/theme.js keeps it), else their
// system's. The stylesheet's light-dark() colours follow the `data-color-scheme` it sets, so a dark page never
// flashes white. The key is theme.js's `storageKey`.
(() => {
  let chosen = null;
  try {
    chosen = localStorage.getItem('attention-playground:color-scheme');
  } catch {
    // storage blocked (a sandboxed frame, a privacy setting): the system's scheme
  }
  const dark = chosen === 'dark' || (chosen !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.colorScheme = dark ? 'dark' : 'light';
})();
