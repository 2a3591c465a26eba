import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SwrProvider } from '../api-client/swr-config';
import { AppToaster } from '../components/toaster';
import { system } from './theme';

/** Everything the pages rely on, outside the router so tests can pair it with a memory router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SwrProvider>
        {children}
        <AppToaster />
      </SwrProvider>
    </ChakraProvider>
  );
}
