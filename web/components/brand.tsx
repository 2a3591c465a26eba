import { Icon, Link, Text } from '@chakra-ui/react';
import { LuPackage } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../lib/paths';

/** The PrepaidShip logo, linking home. `compact` keeps only the icon (the name stays for screen readers). */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link asChild display="inline-flex" alignItems="center" gap="2" fontWeight="bold" fontSize="lg" color="fg" textDecoration="none">
      <RouterLink to={paths.home}>
        <Icon boxSize="6" color="blue.600">
          <LuPackage aria-hidden />
        </Icon>
        <Text as="span" srOnly={compact}>
          PrepaidShip
        </Text>
      </RouterLink>
    </Link>
  );
}
