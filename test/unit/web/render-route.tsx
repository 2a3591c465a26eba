import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

// Pages are lazy-loaded chunks: on a busy 2-core CI machine the first import of a page can take
// longer than Testing Library's 1 s default for findBy*/waitFor, so route tests wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

/** Renders the real route tree at `path` (with navigation `state`), as the app does, in a memory history. */
export function renderAt(path: string, state?: unknown) {
  const [pathname = path, search = ''] = path.split('?');
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, search: search && `?${search}`, state }] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}
