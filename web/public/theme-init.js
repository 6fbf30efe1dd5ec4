// Applies the saved theme before the first paint. It mirrors src/lib/theme.ts (key `theme`,
// values light | dark | system, legacy `auto` read as system); that module takes over once the app loads.
(function () {
  var preference = 'system';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark') preference = saved;
  } catch (error) {
    // Storage can be disabled (private modes, strict cookie settings): fall back to the system theme.
  }
  var dark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
