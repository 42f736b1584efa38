import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin, PluginOption, Rolldown } from 'vite';

/** Where a phone's home-screen icon opens the app: the start screen (SPEC §2 `/login/start`), hash-routed. */
export const manifestStartUrl = './#/login/start';

/**
 * Modules the boot loads on demand before any screen: the core catalogues (`src/i18n/locales/<lang>.json`, not the
 * parts) and the notice toast that reports the failed config call. A module that failed to download stays failed for
 * the page, so offline these must come from the precache.
 */
const bootModules = [/[\\/]i18n[\\/]locales[\\/](en|jp|tw)\.json$/, /[\\/]shared[\\/]api[\\/]notice-toast\.ts$/];

/**
 * The files the app needs to start, from the build's own graph: the entry, everything it imports statically (React,
 * the router, i18next, the HTTP client, the boot's failure screens), their stylesheets and assets, and the modules
 * above. Screens and catalogue parts are not among them: offline, the boot stops at the config call.
 */
export function appShellFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const shell = new Set<string>();
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (shell.has(chunk.fileName)) return;
    shell.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) shell.add(asset);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  for (const chunk of chunks.values())
    if (
      chunk.isEntry ||
      bootModules.some((module) => chunk.facadeModuleId !== null && module.test(chunk.facadeModuleId))
    )
      visit(chunk);
  return shell;
}

/** Records the app shell of each build for the service worker's precache list, which Workbox writes after it. */
function collectAppShell(shell: Set<string>): Plugin {
  return {
    name: 'kabuto-app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell.clear();
      for (const file of appShellFiles(bundle)) shell.add(file);
    },
  };
}

/**
 * Issue 27, installable app: the web app manifest and a Workbox service worker (generateSW).
 * - Precache: the app shell only (index.html, the files above, the logo and the icons), about a fifth of the app,
 *   so the app starts without a network to its translated offline state without a member's phone downloading every
 *   screen in the background. Screens keep coming from the network and the browser's cache (hashed, immutable).
 * - `/api/` is NetworkOnly: no API answer is ever served from a cache (POST calls, the stream's WebSocket and the
 *   private images all bypass it too).
 * - Updates: a new worker installs in the background, skips waiting and claims the open pages, so the next visit
 *   runs the new version; the page the member is using is never reloaded under them.
 * - The page registers the worker itself after load and idle (`src/app/pwa/register-sw.ts`): no injected script.
 */
export function pwa(): PluginOption {
  const shell = new Set<string>();
  return [
    collectAppShell(shell),
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      manifest: {
        id: './',
        name: 'Kabuto',
        short_name: 'Kabuto',
        lang: 'ja',
        start_url: manifestStartUrl,
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        // The static shell's colours (index.html): the splash a phone draws matches the first frame of the page.
        theme_color: '#ffffff',
        background_color: '#f3f4f7',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The manifest's icons are added by `includeManifestIcons`; the touch icon is for iOS home screens.
        globPatterns: ['index.html', 'assets/*.{js,css,svg}', 'apple-touch-icon-*.png'],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter(
              (entry) => !entry.url.startsWith('assets/') || entry.url.endsWith('.svg') || shell.has(entry.url),
            ),
            warnings: shell.size === 0 ? ['kabuto-app-shell: no app shell recorded'] : [],
          }),
        ],
        // Vite names everything under assets/ by content hash: the URL is the revision.
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
          },
        ],
      },
    }),
  ];
}
