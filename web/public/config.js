// Runtime settings of the built web app. The process serving the app may answer this file with its
// own values, e.g. window.TOOLFORGE_CONFIG = { commandApi: 'http://localhost:5000', queryApi: '…' };
// Unset keys fall back to the values the app was built with (VITE_* variables).
window.TOOLFORGE_CONFIG = window.TOOLFORGE_CONFIG || {};
