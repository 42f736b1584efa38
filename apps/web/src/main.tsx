import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import type { Root } from 'react-dom/client';
import './shared/styles/global.css';
import { initI18n } from './i18n/i18n.ts';
import { startApp } from './app/boot.tsx';

// antd-mobile 5 renders Toast and Dialog through ReactDOM.render, which React 19 removed: give it createRoot.
const kitRoots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = kitRoots.get(container);
  if (!root) {
    root = createRoot(container);
    kitRoots.set(container, root);
  }
  root.render(node);
  const mounted = root;
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted.unmount();
    kitRoots.delete(container);
  };
});

// Started before the config call so the catalogue and the config download together.
const language = initI18n(window.location);
const container = document.getElementById('root');
if (container) void startApp(createRoot(container), language);
