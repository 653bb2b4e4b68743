// Before the first paint (index.html's head): the reader's chosen scheme (web/src/app/theme.js), else the system's.
(() => {
  let chosen = null;
  try {
    chosen = localStorage.getItem('attention-playground:color-scheme');
  } catch {
    // storage blocked: the system's scheme
  }
  const dark = chosen === 'dark' || (chosen !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.colorScheme = dark ? 'dark' : 'light';
})();
