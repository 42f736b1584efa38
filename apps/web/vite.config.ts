import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { paintFirst } from './build/paint-first.plugin.ts';
import { precompress } from './build/precompress.plugin.ts';

// The server serves `dist` with script-src 'self' plus the hash of the one inline script (the paint-first loader).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), paintFirst(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The HTML preloads nothing but its entry script: extra preloads share slow-4G bandwidth with the first paint.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is needed before any screen: one chunk instead of a dozen
          // (react, react-dom, the router, i18next, the HTTP client …), so the first screen waits on fewer requests.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            { name: 'boot', tags: ['$initial'], includeDependenciesRecursively: false, priority: 1 },
            { name: 'query-hooks', test: /node_modules[\\/]@tanstack[\\/]react-query[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
