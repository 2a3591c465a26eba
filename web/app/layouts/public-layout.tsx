import { Outlet } from 'react-router-dom';
import { ReturnPathProvider } from '@/components/app-link';
import { useReturnPath } from '@/lib/navigation-state';
import { PublicFrame } from './public-frame';

/** The public pages in the SPA: the frame around the matched page. */
export function PublicLayout() {
  return (
    <ReturnPathProvider value={useReturnPath()}>
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    </ReturnPathProvider>
  );
}
