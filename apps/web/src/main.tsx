import { createRoot } from 'react-dom/client';
// The kit's own defaults first, so the app's theme (global.css) overrides them whichever module loads the kit first.
import 'antd-mobile/es/global';
import './shared/styles/global.css';
import { initI18n } from './i18n/i18n.ts';
import { startApp } from './app/boot.tsx';
import { registerServiceWorker } from './app/pwa/register-sw.ts';
import { startTheme } from './shared/theme/theme.store.ts';

// index.html set the scheme before the first paint; this adds the price colours and follows later changes.
startTheme();
// Started before the config call so the catalogue and the config download together.
const language = initI18n(window.location);
const container = document.getElementById('root');
if (container) void startApp(createRoot(container), language);
// Issue 27: the installable app's worker (built only by `vite build`), registered after load and idle.
if (import.meta.env.PROD) registerServiceWorker(window);
