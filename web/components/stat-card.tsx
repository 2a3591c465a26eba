import { Card, HStack, Icon, Skeleton, Stat, type CardRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';

interface StatCardProps extends Omit<CardRootProps, 'children'> {
  label: string;
  value: ReactNode;
  /** A line under the figure ("3 in the last 7 days"). */
  help?: ReactNode;
  icon?: IconType;
  /** A skeleton stands in for the figure until it arrives. */
  isLoading?: boolean;
  /** Beside the figure, e.g. the wallet's Add Balance button. */
  action?: ReactNode;
}

/**
 * SPEC section 2's summary card (title, icon, total): one figure on a card. The figure is the
 * list's `<dd>` and is announced when it changes.
 */
export function StatCard({ label, value, help, icon: IconComponent, isLoading = false, action, ...cardProps }: StatCardProps) {
  return (
    <Card.Root {...cardProps}>
      <Card.Body>
        <HStack justify="space-between" align="end" gap="6" wrap="wrap">
          <Stat.Root>
            <HStack justify="space-between">
              <Stat.Label>{label}</Stat.Label>
              {IconComponent && (
                <Icon color="fg.muted" boxSize="5">
                  <IconComponent aria-hidden />
                </Icon>
              )}
            </HStack>
            <Skeleton loading={isLoading} minW="16" aria-busy={isLoading || undefined}>
              <Stat.ValueText aria-live="polite">{value}</Stat.ValueText>
            </Skeleton>
            {help && <Stat.HelpText>{help}</Stat.HelpText>}
          </Stat.Root>
          {action}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
