/**
 * The build's prerender of the public pages (vite.config.ts, `prerenderPages`; the list is
 * infra/spa-documents.ts): each page rendered to
 * HTML in Node with the same components the browser then hydrates, so its headline, prices and
 * calculator paint before any JavaScript runs and a crawler reads the real page. Chakra's styles come
 * along: emotion, rendering outside a browser, writes each style it uses as a <style> element in
 * front of the markup that needs it (the critical CSS, inline, nothing else to fetch);
 * hoistEmotionStyles gathers them into <head>, and in the browser emotion's cache counts them as
 * inserted before hydration.
 *
 * A prerendered page is what a signed-out visitor on a phone sees at build time; what differs for
 * the visitor (a session, a wide screen, the promo clock) changes right after hydration
 * (web/lib/session.ts, web/hooks/use-is-mobile.ts, the promo countdown).
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { LandingDocument } from './landing-document';
import { AppProvider } from './provider';
import { AppPages } from './router';
import { system } from './theme';

export { hoistEmotionStyles } from './prerender-styles';

function page(path: string): ReactNode {
  if (path === '/') return <LandingDocument system={system} />;
  return (
    <AppProvider>
      <StaticRouter location={path}>
        <AppPages />
      </StaticRouter>
    </AppProvider>
  );
}

/** The HTML inside #root for `path`, once every lazy page and style has resolved. */
export async function renderPage(path: string): Promise<string> {
  const errors: unknown[] = [];
  // A page that throws here would be sent as its Suspense fallback (the spinner) and rendered by the
  // browser instead: the build fails rather than ship that.
  const { prelude } = await prerender(<StrictMode>{page(path)}</StrictMode>, { onError: (error) => void errors.push(error) });
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed: ${String(errors[0])}`);
  return new Response(prelude).text();
}
