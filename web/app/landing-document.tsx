import { ChakraProvider } from '@chakra-ui/react';
import { SwrProvider } from '@/api-client/swr-config';
import { LandingPage } from '@/features/landing/pages/landing-page';
import { PublicFrame } from './layouts/public-frame';
import { system } from './theme';

/**
 * The landing page `/` as its own small app: the page in the public frame, without the router, the
 * toaster or any other page's code (docs/performance.md: React, Chakra and this page fit the budget,
 * the router does not). The build prerenders it into index.html (web/app/prerender.tsx) and
 * web/landing.tsx hydrates it; its links load the next page, which is prerendered too. Inside the SPA
 * (a guard sending a visitor home, the logo) the same page renders in the router's public layout.
 */
export function LandingDocument() {
  return (
    <ChakraProvider value={system}>
      <SwrProvider>
        <PublicFrame>
          <LandingPage />
        </PublicFrame>
      </SwrProvider>
    </ChakraProvider>
  );
}
