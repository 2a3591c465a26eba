import { configure, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppPages } from '@/app/router';

// Pages are lazy-loaded chunks: on a busy 2-core CI machine the first import of a page can take
// longer than Testing Library's 1 s default for findBy*/waitFor, so route tests wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

/** What a test reads back: the current location, and navigate for the history buttons. */
export interface RenderedRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** Renders the real route tree at `path` (with navigation `state`), as the app does, in a memory history. */
export function renderAt(path: string, state?: unknown): RenderedRouter {
  const [pathname = path, search = ''] = path.split('?');
  const router = { state: {} } as RenderedRouter;
  function Spy() {
    router.state.location = useLocation();
    router.navigate = useNavigate();
    return null;
  }
  render(
    <AppProvider>
      <MemoryRouter initialEntries={[{ pathname, search: search && `?${search}`, state }]}>
        <Spy />
        <AppPages />
      </MemoryRouter>
    </AppProvider>,
  );
  return router;
}
