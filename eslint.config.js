// ESLint (MIT, pinned in package.json with @eslint/js and globals, both MIT): the page's modules, the worker and the
// node tests. tools/dev.py test runs it in its js step, after `node --check` of every file.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['**/node_modules/', '.venv/', 'web/vendor/', 'build/', 'dist/'] },
  js.configs.recommended,
  {
    files: ['web/js/**/*.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // The page's size limits (issue 32): a module a newcomer can read, no function that is a module in disguise.
    files: ['web/js/**/*.js'],
    rules: { 'max-lines': ['error', { max: 450 }], 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // A catalogue is one object of words, data not code, and one per language (issue 32): it grows with the page.
    files: ['web/js/i18n/*.js'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['web/js/worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['tests/js/**/*.js', 'eslint.config.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
];
