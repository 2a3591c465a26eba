import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../../../web/app/provider';
import { routes } from '../../../web/app/router';

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
