import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { paintFirst } from './build/paint-first.plugin.ts';
import { precompress } from './build/precompress.plugin.ts';

// The screens are written against React 19's API; the browser runs Preact's implementation of that API
// (preact/compat), which is 57 KiB gzip lighter. Without it the stock detail screen (with lightweight-charts,
// 52 KiB) cannot fit its 150 KiB budget. Why, the figures and how to undo it: docs/architecture.md
// "Delivery and budgets". Unit tests render with React (vitest does not read this file); the browser tests
// run the built app, so the runtime that ships is the one they check.
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The server serves `dist` with script-src 'self' plus the hash of the one inline script (the paint-first loader).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  // Fast refresh patches React's own renderer, which is not the one running here.
  plugins: [react({ refreshExclude: /./ }), paintFirst(), precompress()],
  resolve: {
    alias: preactCompat,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The HTML preloads nothing but its entry script: extra preloads share slow-4G bandwidth with the first paint.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
