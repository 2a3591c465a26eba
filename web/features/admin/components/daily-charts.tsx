/**
 * The admin dashboard's 30-day charts: labels created and top-ups settled per UTC day,
 * from GET /admin/stats's `days` (the stats' day shards, zero-filled).
 */
import { Box, Heading, SimpleGrid } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import type { AdminStats } from '@domain/api/admin';
import { Chart, chartDollars as dollars } from '@/components/chart';
import { longDay, shortDay } from '@/lib/period-labels';

const count = (n: number) => String(Math.round(n));

export function DailyCharts({ days }: { days: AdminStats['days'] }) {
  const n = days.length;
  const labels = useMemo(() => days.map((d) => ({ x: d.day, y: d.labels })), [days]);
  const topUps = useMemo(() => days.map((d) => ({ x: d.day, y: d.topUpCents })), [days]);
  /** The table names each day's number of top-ups beside its date. */
  const topUpDay = useCallback(
    (d: string) => {
      const day = days.find((x) => x.day === d);
      return day ? `${longDay(d)} (${day.topUps} ${day.topUps === 1 ? 'top-up' : 'top-ups'})` : longDay(d);
    },
    [days],
  );
  return (
    <Box as="section" aria-labelledby="daily-charts-title" mt="8">
      <Heading as="h2" id="daily-charts-title" size="lg" mb="4">
        Last {n} days
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" minW="0">
          <Chart
            title="Labels per day"
            kind="bars"
            points={labels}
            xHeader="Day"
            yHeader="Labels"
            formatX={longDay}
            shortX={shortDay}
            formatY={count}
            integers
            description="Labels created, UTC days."
          />
        </Box>
        <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" minW="0">
          <Chart
            title="Top-ups per day"
            kind="bars"
            points={topUps}
            xHeader="Day"
            yHeader="Top-ups"
            formatX={topUpDay}
            shortX={shortDay}
            formatY={dollars}
            description="Wallet top-ups settled, in dollars, UTC days."
          />
        </Box>
      </SimpleGrid>
    </Box>
  );
}
