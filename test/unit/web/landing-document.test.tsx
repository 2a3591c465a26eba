import createCache from '@emotion/cache';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydratingLandingDocument, LandingDocument } from '@/app/landing-document';
import { system } from '@/app/theme';

const withoutStyles = (html: string) => html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');

describe('the landing page hydrates what was prerendered (web/app/landing-document.tsx)', () => {
  it('renders the same markup, classes and ids with its own cache and system as the prerender does', () => {
    const prerendered = withoutStyles(
      renderToString(
        <StrictMode>
          <LandingDocument system={system} />
        </StrictMode>,
      ),
    );
    const hydrating = withoutStyles(
      renderToString(
        <StrictMode>
          <HydratingLandingDocument cache={createCache({ key: 'css' })} />
        </StrictMode>,
      ),
    );
    expect(prerendered).toContain('Effortless Shipping Labels');
    expect(prerendered).toMatch(/id="_R_[^"]+"/);
    expect(hydrating).toBe(prerendered);
  });
});
