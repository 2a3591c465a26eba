import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { SwrProvider } from '@/api-client/swr-config';
import { system } from './theme';

/**
 * The toaster (react-hot-toast) loads after the first render instead of in the entry chunk: nothing
 * toasts before a person acts, and the landing page never does. A toast raised before it arrives
 * waits in react-hot-toast's store and shows when the toaster mounts.
 */
const AppToaster = lazy(() => import('@/components/toaster').then((m) => ({ default: m.AppToaster })));

/** Everything the pages rely on, outside the router so tests can pair it with a memory router. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SwrProvider>
        {children}
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </SwrProvider>
    </ChakraProvider>
  );
}
