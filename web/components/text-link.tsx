import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { preloadOnIntent } from '@/lib/route-preload';

/** An in-app link styled as a link (the account pages' "Create an account", "Back to sign in"); its page's code loads on intent. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="blue" color="colorPalette.fg" fontWeight="medium">
      <RouterLink to={to} {...preloadOnIntent(to)}>
        {children}
      </RouterLink>
    </Link>
  );
}
