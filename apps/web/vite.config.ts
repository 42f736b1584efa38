import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { paintFirst } from './build/paint-first.plugin.ts';
import { precompress } from './build/precompress.plugin.ts';
import { pwa } from './build/pwa.plugin.ts';

// The server serves `dist` with script-src 'self' plus the hash of the one inline script (the paint-first loader).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), paintFirst(), pwa(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The HTML preloads nothing but its entry script: extra preloads share slow-4G bandwidth with the first paint.
    // A screen's preload list leaves out what the entry itself loaded before any screen (React, the runtime).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? [] : deps.filter((d) => !/(^|\/)(react|rolldown-runtime)-[\w-]+\.js$/.test(d)),
    },
    rolldownOptions: {
      output: {
        // Every screen's import in the entry lists the files it needs by name (the preload map), so the names' length
        // is paid on the sign-in route: the shared pieces (kit parts, icons, helpers) are named by their hash alone;
        // screens and the named groups keep their names, which the delivery bench prints.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || ['react', 'boot', 'query-hooks', 'rolldown-runtime'].includes(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/c-[hash].js',
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
