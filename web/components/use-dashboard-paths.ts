import { useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';

/**
 * The paths of the dashboard area the current page is in: FAQ and Support are the same pages in
 * both areas, and their links must stay in the area they were opened from.
 */
export function useDashboardPaths(): typeof paths.user | typeof paths.admin {
  const { pathname } = useLocation();
  return pathname === paths.admin.dashboard || pathname.startsWith(`${paths.admin.dashboard}/`) ? paths.admin : paths.user;
}
