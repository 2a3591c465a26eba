import { Card, Link, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { isNavigableUrl } from '@/lib/full-page-navigation';
import { noValue } from '@/lib/transaction-labels';
import type { TrackingResult } from '@domain/api/tracking';
import { formatCarrierTime } from '../lib/carrier-time';
import { trackingStatus } from '../lib/tracking-status';
import { TrackingStatusBadge } from './tracking-status-badge';

function SummaryCard({ label, palette, help, children }: { label: string; palette?: string; help?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root colorPalette={palette} borderTopWidth={palette ? '4px' : undefined} borderTopColor={palette ? 'colorPalette.focusRing' : undefined}>
      <Card.Body>
        <Stat.Root gap="2">
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize="lg" fontWeight="semibold">
            {children}
          </Stat.ValueText>
          {/* A second <dd> of the same term: a <dl> may hold nothing else (axe's definition-list rule). */}
          {help && (
            <Stat.HelpText asChild wordBreak="break-all">
              <dd>{help}</dd>
            </Stat.HelpText>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** SPEC section 2's four cards: status (coloured by tag), service, estimated delivery, courier link. */
export function TrackingSummary({ tracking }: { tracking: TrackingResult }) {
  const range = tracking.expected_delivery_range;
  const single = tracking.expected_delivery ?? tracking.aftership_estimated_delivery_date;
  const estimate = range ? `${formatCarrierTime(range.earliest)} – ${formatCarrierTime(range.latest)}` : single && formatCarrierTime(single);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mb="8">
      <SummaryCard label="Status" palette={trackingStatus(tracking.tag).palette} help={tracking.tracking_number}>
        <TrackingStatusBadge tag={tracking.tag} size="lg" />
      </SummaryCard>
      <SummaryCard label="Service">{tracking.service || noValue}</SummaryCard>
      <SummaryCard label="Estimated delivery">{estimate || noValue}</SummaryCard>
      <SummaryCard label="Courier">
        {isNavigableUrl(tracking.courier_tracking_link) ? (
          <Link href={tracking.courier_tracking_link} target="_blank" rel="noopener noreferrer" fontSize="md" colorPalette="blue" color="colorPalette.fg">
            Track on USPS.com <LuExternalLink aria-hidden />
            <Text as="span" srOnly>
              (opens in a new tab)
            </Text>
          </Link>
        ) : (
          noValue
        )}
      </SummaryCard>
    </SimpleGrid>
  );
}
