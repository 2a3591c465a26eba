/**
 * The wallet's balance over time: the spendable balance at the close of each of the last
 * 90 US Eastern days, as a line, with its table. Quiet when it cannot be loaded (a side figure).
 * Read again when the profile's balance moves away from today's point.
 */
import { Box, Heading, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { Chart, chartDollars as dollars } from '@/components/chart';
import { longDay, shortDay } from '@/lib/period-labels';
import { useProfile } from '@/features/profile';
import { useBalanceHistory } from '../api/balance-history';

export function BalanceHistoryChart() {
  const { data, error, mutate } = useBalanceHistory();
  // Today's point is the spendable balance, the profile's `availableCents` (not its total with holds).
  const balance = useProfile().data?.availableCents;
  // The balance moved since the history was read (a card top-up settled, a label elsewhere): read it
  // again, once per balance seen, so today's point is the header's figure.
  const askedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    const today = data?.days.at(-1)?.balanceCents;
    if (balance === undefined || today === undefined || today === balance || askedFor.current === balance) return;
    askedFor.current = balance;
    void mutate();
  }, [balance, data, mutate]);
  const points = useMemo(() => data?.days.map((d) => ({ x: d.day, y: d.balanceCents })) ?? [], [data]);
  return (
    <Box as="section" aria-labelledby="balance-history-title" mb="8" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <Heading as="h2" id="balance-history-title" size="lg" mb="2">
        Balance over time
      </Heading>
      {error && !data ? (
        <Text fontSize="sm" color="fg.muted">
          Your balance history could not be loaded right now.
        </Text>
      ) : data ? (
        <Chart
          title="Balance at the end of each day"
          kind="line"
          points={points}
          xHeader="Day"
          yHeader="Balance"
          formatX={longDay}
          shortX={shortDay}
          formatY={dollars}
          description="The last 90 days, US Eastern time; withdrawals on hold are left out, as on the Available card."
        />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Loading your balance history…
        </Text>
      )}
    </Box>
  );
}
