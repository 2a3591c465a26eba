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
 * SPEC section 2's summary card (title, icon, total): one figure on a card, as a definition list
 * that holds only its `<dt>` (the label, icon inside) and `<dd>`s (the figure, then the help line),
 * so a screen reader reads "Balance, $25.00, 3 pending" as one group. The figure's `<dd>` is
 * announced when it changes; its skeleton sits inside it, never between `<dl>` and `<dd>`.
 */
export function StatCard({ label, value, help, icon: IconComponent, isLoading = false, action, ...cardProps }: StatCardProps) {
  return (
    <Card.Root {...cardProps}>
      <Card.Body>
        <HStack justify="space-between" align="end" gap="6" wrap="wrap">
          <Stat.Root>
            <Stat.Label display="flex" justifyContent="space-between">
              {label}
              {IconComponent && (
                <Icon color="fg.muted" boxSize="5">
                  <IconComponent aria-hidden />
                </Icon>
              )}
            </Stat.Label>
            <Stat.ValueText aria-live="polite" aria-busy={isLoading || undefined}>
              <Skeleton loading={isLoading} minW="16">
                {value}
              </Skeleton>
            </Stat.ValueText>
            {help && (
              <Stat.HelpText asChild>
                <dd>{help}</dd>
              </Stat.HelpText>
            )}
          </Stat.Root>
          {action}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
