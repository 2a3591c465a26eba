import { createIcon, Link, Text } from '@chakra-ui/react';
import { paths } from '@/lib/paths';
import { AppLink } from './app-link';

/**
 * Lucide's "package" icon (the same drawing as react-icons' LuPackage), written out here: the
 * react-icons/lu pack is one module, so all the lu icons the app uses share one chunk, and taking
 * the logo from it would make every public page, the landing page first, download all of them.
 */
const PackageIcon = createIcon({
  displayName: 'PackageIcon',
  defaultProps: { fill: 'none', stroke: 'currentColor', strokeWidth: '2', strokeLinecap: 'round', strokeLinejoin: 'round' },
  path: [
    <path key="box" d="M11 21.73a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73z" />,
    <path key="front" d="M12 22V12" />,
    <path key="lid" d="m3.3 7 7.703 4.734a2 2 0 0 0 1.994 0L20.7 7" />,
    <path key="tape" d="m7.5 4.27 9 5.15" />,
  ],
});

/** The PrepaidShip logo, linking home. `compact` keeps only the icon (the name stays for screen readers). */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link asChild display="inline-flex" alignItems="center" gap="2" fontWeight="bold" fontSize="lg" color="fg" textDecoration="none">
      <AppLink to={paths.home}>
        <PackageIcon boxSize="6" color="blue.600" />
        <Text as="span" srOnly={compact}>
          PrepaidShip
        </Text>
      </AppLink>
    </Link>
  );
}
