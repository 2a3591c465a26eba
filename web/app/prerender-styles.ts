/**
 * Where a prerendered page's styles go (web/app/prerender.tsx and vite.config.ts at build time), and
 * the attribute the landing page's hydration reads them back from (web/app/landing-document.tsx).
 */
/** Emotion's style elements as the renderer writes them: `data-emotion="<key> <id> <id>..."`. */
const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

/**
 * Takes emotion's style elements out of the rendered markup (`body`) and returns them for the
 * document's head (`head`): the global ones as they are, every other one merged into a single
 * element in their order, which is emotion's own format for critical CSS in the head
 * (`data-emotion="css <id> <id> ..."`, @emotion/server's extractCritical).
 * Why: some 70 elements spread through the page let the browser paint part of it while it still
 * parses the rest (seen as a layout shift of the hero on a slow CPU, when the illustration's markup
 * arrived), and before hydrating, emotion's cache moves every one of them into <head>. In the head,
 * the page is styled whole from its first paint and the cache moves four elements, not 73. Global
 * styles keep their own elements: emotion's <Global> finds its element by its exact name.
 */
/**
 * How the landing page's styles are marked (`static` below): the merged element's value is emotion's
 * (`<key> <id> <id> ...`), the global ones' is empty.
 */
export const PRERENDERED_CSS_ATTRIBUTE = 'data-prerendered-css';

/**
 * `emotion` (the SPA's prerendered pages): emotion's own format, which its cache adopts in the
 * browser, moving each element to the end of the head as it does. `static` (the landing page):
 * plain style elements emotion never finds, so nothing moves them; the landing page's hydration
 * tells its cache which ids they hold (web/app/landing-document.tsx). Moving style elements makes
 * the browser re-style the whole page: a long task on Lighthouse's phone, in the middle of the
 * hydration (docs/performance.md).
 */
export type PrerenderedStyles = 'emotion' | 'static';

export function hoistEmotionStyles(html: string, styles: PrerenderedStyles = 'emotion'): { head: string; body: string } {
  const globals: string[] = [];
  const ids: string[] = [];
  const rules: string[] = [];
  let key: string | undefined;
  const body = html.replace(EMOTION_STYLE, (element, attribute: string, css: string) => {
    const [elementKey = '', ...elementIds] = attribute.split(' ');
    if (elementKey.endsWith('-global')) {
      globals.push(styles === 'emotion' ? element : `<style ${PRERENDERED_CSS_ATTRIBUTE}="">${css}</style>`);
    } else {
      if (key !== undefined && key !== elementKey) throw new Error(`two emotion caches in one page (${key}, ${elementKey})`);
      key = elementKey;
      const fresh = elementIds.filter((id) => !ids.includes(id));
      if (fresh.length === elementIds.length) rules.push(css);
      else if (fresh.length > 0) throw new Error(`emotion style element ${attribute} repeats some of its ids`);
      ids.push(...fresh);
    }
    return '';
  });
  const attribute = styles === 'emotion' ? `data-emotion="${key} ${ids.join(' ')}"` : `${PRERENDERED_CSS_ATTRIBUTE}="${key} ${ids.join(' ')}"`;
  const merged = key === undefined ? '' : `<style ${attribute}>${rules.join('')}</style>`;
  return { head: globals.join('') + merged, body };
}
