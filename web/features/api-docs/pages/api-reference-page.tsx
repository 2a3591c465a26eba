/**
 * /docs/api: the API reference, rendered by Scalar from the published document (/openapi.json,
 * made from the contract at build time). The router loads this page lazily, so Scalar (a Vue app
 * of its own, about a megabyte) is its own chunk and never part of the landing page's JS.
 *
 * Settings are for the production CSP (infra/local/security-headers.ts): no web fonts from Scalar's
 * CDN (the system fonts render it), no telemetry, no AI agent or MCP panel, and no "try it" client,
 * whose requests would go through Scalar's proxy on another origin.
 *
 * Scalar's light theme misses WCAG AA in places (grey text 4.26:1 and 3.27:1, method colours down to
 * 2.93:1 on its grey panels), its code blocks' copy buttons have no name and its sideways-scrolling
 * blocks take no focus, so the page passes the same axe check as every other page
 * (test/e2e/a11y.spec.ts) only with mends: darker theme colours (each at least 4.5:1 on every
 * background Scalar uses: white, #fbfbfb, #f6f6f6), a name on each copy button and a tab stop on
 * each block that scrolls. The dark-mode switch (an unnamed button too) is hidden: the SPA has no dark mode.
 */
// First: Scalar parses with the same zod as our forms, so zod's jitless setting must be in before it loads.
import '@/lib/zod-jitless';
import '@scalar/api-reference/style.css';
import { createApiReference } from '@scalar/api-reference';
import { useEffect, useRef } from 'react';
import { ApiKeyExample } from '../components/api-key-example';

const OPENAPI_URL = '/openapi.json';

const CONTRAST_CSS = `
.light-mode {
  --scalar-color-2: #616161;
  --scalar-color-3: #5c5c5c;
  --scalar-color-green: #036b4c;
  --scalar-color-blue: #0369a1;
  --scalar-color-orange: #9a3412;
  --scalar-color-red: #b91c1c;
  --scalar-color-yellow: #854d0e;
  --scalar-color-purple: #6d28d9;
  --scalar-sidebar-color-2: #616161;
  --scalar-sidebar-search-color: #5c5c5c;
}`;

/** Scalar's blocks that scroll sideways on a phone: its code samples and the list of endpoints. */
const SCROLLING = '[class*="language-"], .endpoints';

/**
 * Mends Scalar's markup as sections render into view: names its icon-only copy buttons, and lets the
 * keyboard reach (and so scroll) each block that scrolls sideways on a phone.
 */
function mendScalar(root: HTMLElement): MutationObserver {
  const mend = () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>('button.scalar-code-copy:not([aria-label])')) {
      button.setAttribute('aria-label', 'Copy code');
    }
    for (const block of root.querySelectorAll<HTMLElement>(SCROLLING)) {
      if (!block.hasAttribute('tabindex')) block.tabIndex = 0;
    }
  };
  const observer = new MutationObserver(mend);
  observer.observe(root, { childList: true, subtree: true });
  mend();
  return observer;
}

export function ApiReferencePage() {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = 'API reference · PrepaidShip';
    if (!host.current) return;
    const observer = mendScalar(host.current);
    const app = createApiReference(host.current, {
      url: OPENAPI_URL,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      showDeveloperTools: 'never',
      documentDownloadType: 'json',
      mcp: { disabled: true },
      agent: { disabled: true },
      customCss: CONTRAST_CSS,
    });
    return () => {
      observer.disconnect();
      app.destroy();
    };
  }, []);

  return (
    <>
      <ApiKeyExample />
      <div ref={host} />
    </>
  );
}
