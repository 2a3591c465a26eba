/**
 * /docs/api: the API reference, rendered by Scalar from the published document (/openapi.json,
 * made from the contract at build time). The router loads this page lazily, so Scalar (a Vue app
 * of its own, about a megabyte) is its own chunk and never part of the landing page's JS.
 *
 * Settings are for the production CSP (infra/local/security-headers.ts): no web fonts from Scalar's
 * CDN (the system fonts render it), no telemetry, and no "try it" client, whose requests would go
 * through Scalar's proxy on another origin.
 */
import '@scalar/api-reference/style.css';
import { createApiReference } from '@scalar/api-reference';
import { useEffect, useRef } from 'react';

const OPENAPI_URL = '/openapi.json';

export function ApiReferencePage() {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = 'API reference · PrepaidShip';
    if (!host.current) return;
    const app = createApiReference(host.current, {
      url: OPENAPI_URL,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: 'never',
      documentDownloadType: 'json',
      mcp: { disabled: true },
      agent: { disabled: true },
    });
    return () => app.destroy();
  }, []);

  return <div ref={host} />;
}
