import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import type { AdminStats } from '@domain/api/admin';
import { LuLandmark, LuPackageCheck, LuReceipt, LuTag, LuTrendingDown, LuTrendingUp, LuTruck, LuUndo2, LuUsers, LuWallet } from 'react-icons/lu';
import { formatUsd } from '@domain/money';
import { errorMessage } from '@/api-client/client';
import { ErrorState, LoadingState } from '@/components/load-states';
import { PageTitle } from '@/components/page-title';
import { StatCard } from '@/components/stat-card';
import { noValue } from '@/lib/transaction-labels';
import { useAdminStats } from '../api/get-stats';
import { DailyCharts } from '../components/daily-charts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Revenue, carrier cost and margin of the labels a carrier charged us for. Sandbox labels
 * cost nothing and are not counted, so a sandbox deployment says so instead of showing a margin of zero.
 * Beside them, the refunds we carried: labels credited to the wallet when their refund was asked
 * (never downloaded) whose refund the carrier rejected, of any carrier (shown without real labels
 * only when there are some).
 */
function RealLabels({ real, carried }: { real: AdminStats['realLabels']; carried: AdminStats['carriedRefunds'] }) {
  const carriedCard = (
    <StatCard
      label="Refunds we carried"
      icon={LuUndo2}
      value={formatUsd(carried.cents)}
      help={`${plural(carried.count, 'label', 'labels')} credited at the refund request, then rejected by the carrier`}
    />
  );
  return (
    <Box as="section" aria-labelledby="real-labels-title" mt="8">
      <Heading as="h2" id="real-labels-title" size="lg" mb="4">
        Margin on real labels
      </Heading>
      {real.count === 0 ? (
        <>
          <Text color="fg.muted">
            No real labels yet. Labels from the sandbox carrier are samples that cost nothing, so they are not counted here; revenue, carrier cost and margin
            appear once the carrier sells one.
          </Text>
          {carried.count > 0 && (
            <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mt="4">
              {carriedCard}
            </SimpleGrid>
          )}
        </>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard label="Real labels" icon={LuPackageCheck} value={String(real.count)} help="Bought from the carrier, all time" />
          <StatCard label="Revenue" icon={LuReceipt} value={formatUsd(real.revenue.cents)} help="What customers paid for them" />
          <StatCard label="Carrier cost" icon={LuTruck} value={formatUsd(real.carrierCost.cents)} help="What the carrier charged us" />
          <StatCard
            label="Margin"
            icon={real.margin.cents < 0 ? LuTrendingDown : LuTrendingUp}
            value={formatUsd(real.margin.cents)}
            help={real.margin.percent === null ? undefined : `${real.margin.percent}% of revenue`}
          />
          {carriedCard}
        </SimpleGrid>
      )}
    </Box>
  );
}

/**
 * The admin's overview (in place of SPEC's placeholder cards): accounts, labels, last
 * week's top-ups and the money held in wallets, from GET /admin/stats, then the margin on real
 * labels. Figures already shown stay while a later refresh fails; only a first load that fails
 * replaces them with the error.
 */
export function AdminDashboardPage() {
  const { data, error, isLoading, mutate } = useAdminStats();
  const loading = isLoading && !data;
  const show = (figure: (stats: NonNullable<typeof data>) => string) => (data ? figure(data) : noValue);

  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      {error && !data ? (
        <ErrorState message={errorMessage(error, 'The dashboard figures could not be loaded.')} onRetry={() => void mutate()} />
      ) : (
        <>
          {loading && <LoadingState label="Loading figures…" />}
          <SimpleGrid as="section" aria-label="Figures" columns={{ base: 1, sm: 2, xl: 4 }} gap="4" mt={loading ? '4' : undefined}>
            <StatCard label="Users" icon={LuUsers} value={show((s) => String(s.users))} isLoading={loading} />
            <StatCard
              label="Labels created"
              icon={LuTag}
              value={show((s) => String(s.labels.total))}
              help={data && `${data.labels.last7Days} in the last 7 days`}
              isLoading={loading}
            />
            <StatCard
              label="Top-ups, last 7 days"
              icon={LuWallet}
              value={show((s) => formatUsd(s.topUps.last7Days.cents))}
              help={data && plural(data.topUps.last7Days.count, 'top-up', 'top-ups')}
              isLoading={loading}
            />
            <StatCard
              label="Balances"
              icon={LuLandmark}
              value={show((s) => formatUsd(s.balances.cents))}
              help="Sum of all wallet balances"
              isLoading={loading}
            />
          </SimpleGrid>
          {data && (
            <Text mt="4" fontSize="sm" color="fg.muted">
              Last 7 days: {data.window.from} to {data.window.to} (UTC days, today included).
            </Text>
          )}
          {data && <DailyCharts days={data.days} />}
          {data && <RealLabels real={data.realLabels} carried={data.carriedRefunds} />}
        </>
      )}
    </>
  );
}
