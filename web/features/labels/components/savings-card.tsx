/**
 * The Shipping Labels page's Savings card: saved this month and in total against the USPS
 * retail rate (SPEC's comparison formula, computed by the server for each label bought, net of
 * refunds) and a chart by month. It stays quiet when the figures cannot be loaded: the page's own
 * purpose (labels) must not be crowded by an error about a side figure.
 */
import { Card, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { formatUsd } from '@domain/money';
import { Chart, chartDollars as dollars } from '@/components/chart';
import { longMonth, monthName as shortMonth } from '@/lib/period-labels';
import { useSavings } from '../api/get-savings';

function Figure({ label, cents, help }: { label: string; cents: number | undefined; help: string }) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText aria-live="polite">{cents === undefined ? '…' : formatUsd(cents)}</Stat.ValueText>
      {/* A <dd>, like StatCard's help line: a <dl> holds only <dt>/<dd> groups. */}
      <Stat.HelpText asChild>
        <dd>{help}</dd>
      </Stat.HelpText>
    </Stat.Root>
  );
}

export function SavingsCard() {
  const { data, error } = useSavings();
  const points = useMemo(() => data?.months.map((m) => ({ x: m.month, y: m.savedCents })) ?? [], [data]);
  if (error && !data) {
    return (
      <Text fontSize="sm" color="fg.muted" mb="6">
        Your savings could not be loaded right now.
      </Text>
    );
  }
  return (
    <Card.Root as="section" aria-labelledby="savings-title" mb="8">
      <Card.Header>
        <Heading as="h2" id="savings-title" size="lg">
          Savings
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          What your labels would have cost at the USPS retail rate, minus what you paid. Refunded labels are not counted.
        </Text>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" mb="6">
          <Figure label="Saved this month" cents={data?.thisMonthCents} help="Against USPS retail" />
          <Figure
            label="Saved in total"
            cents={data?.totalCents}
            help={data ? `${data.labels} ${data.labels === 1 ? 'label' : 'labels'}, ${formatUsd(data.retailCents)} at USPS retail` : 'Against USPS retail'}
          />
        </SimpleGrid>
        {data && (
          <Chart
            title="Saved by month"
            kind="bars"
            points={points}
            xHeader="Month"
            yHeader="Saved"
            formatX={longMonth}
            shortX={shortMonth}
            formatY={dollars}
            description="The last 12 months, US Eastern time."
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
