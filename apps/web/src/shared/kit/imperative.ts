import { Dialog, ImageViewer, Toast } from 'antd-mobile';
import { adaptKitRendering } from './kit-render.ts';

// The kit's imperative parts (Toast.show, Dialog.confirm, ImageViewer.show), always with the React 19 adapter set
// before the first of them renders. Screens import them from here, never from antd-mobile (eslint.config.js).
adaptKitRendering();

export { Dialog, ImageViewer, Toast };
