import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingDocument } from '@/app/landing-document';

const root = document.getElementById('root');
if (!root) throw new Error('the landing page has no #root element');

// index.html holds the prerendered landing page (web/app/prerender.tsx): React takes over that HTML.
hydrateRoot(
  root,
  <StrictMode>
    <LandingDocument />
  </StrictMode>,
);
