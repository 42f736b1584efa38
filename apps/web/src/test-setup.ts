// The web project's setup (vitest.config.ts): what main.tsx does before the app renders that screen tests need too.
import { adaptKitRendering } from './shared/kit/kit-render.ts';

adaptKitRendering();
