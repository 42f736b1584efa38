import type { Plugin } from 'vite';

const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const stylesheet = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;

/** The loader, as an inline classic script: after the shell's first frame, request the stylesheets and the entry. */
export function paintFirstLoader(entry: string, styles: readonly string[]): string {
  const data = JSON.stringify({ entry, styles });
  return [
    '(function(){var a=' + data + ',d=document,done=false;',
    'function go(){if(done)return;done=true;',
    'a.styles.forEach(function(h){var l=d.createElement("link");l.rel="stylesheet";l.crossOrigin="";l.href=h;d.head.appendChild(l)});',
    'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=a.entry;d.head.appendChild(s)}',
    // rAF runs just before the frame is drawn, the timeout just after; a hidden tab draws no frames, hence the fallback.
    'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})();',
  ].join('');
}

/**
 * DESIGN "Front end" → Delivery: the static shell in index.html is drawn before any stylesheet or script is
 * requested. Vite's render-blocking `<link rel="stylesheet">` tags and its entry `<script>` are replaced by an
 * inline loader that requests them right after the first frame; `boot.tsx` still waits for the stylesheets
 * before it draws a screen. The server allows exactly this inline script by its hash (CSP `script-src`).
 */
export function paintFirst(): Plugin {
  return {
    name: 'kabuto-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = entryScript.exec(html)?.[1];
        if (!entry) throw new Error('paint-first: no entry script in index.html');
        const styles = [...html.matchAll(stylesheet)].map((match) => match[1] ?? '');
        const rest = html.replace(entryScript, '').replace(stylesheet, '');
        return rest.replace('</body>', `    <script>${paintFirstLoader(entry, styles)}</script>\n  </body>`);
      },
    },
  };
}
