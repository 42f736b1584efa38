import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

let adapted = false;

/**
 * antd-mobile 5 renders Toast, Dialog and ImageViewer imperatively through ReactDOM.render, which React 19 removed:
 * give it createRoot. Called by `imperative.ts`, the one module the app takes those from (lint enforces it), so the
 * adapter and the kit's legacy render code download with the first of them instead of in the entry chunk; the screen
 * tests call it too (test-setup.ts).
 */
export function adaptKitRendering(): void {
  if (adapted) return;
  adapted = true;
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
}
