import { Box, Heading, HStack } from '@chakra-ui/react';
import { OwnersOnly } from '@/features/profile';
import { PROFILE_STALE_MS } from '@domain/constants';
import { formatUsd } from '@domain/money';
import { ExportCsvButton } from '@/components/export-csv-control';
import { PageTitle } from '@/components/page-title';
import { StatCard } from '@/components/stat-card';
import { useProfile, useProfileIsStale } from '@/features/profile';
import { useTransactions } from '../api/list-transactions';
import { useWithdrawals } from '../api/withdrawals';
import { AddBalanceDialog } from '../components/add-balance-dialog';
import { BalanceHistoryChart } from '../components/balance-history-chart';
import { TransactionFilters, useTransactionFilters } from '../components/transaction-filters';
import { TransactionsTable } from '../components/transactions-table';
import { WithdrawDialog } from '../components/withdraw-dialog';
import { WithdrawalsTable } from '../components/withdrawals-table';
import { useCheckoutReturn } from '../hooks/use-checkout-return';

/**
 * The profile's figures (the same answer as the header's badge): first what can be spent, the
 * header's "Balance", with the Add Balance and Withdraw dialogs; then what of the wallet is on hold
 * for a withdrawal, and the total the two make. A profile answer too old to be current says so.
 */
function BalanceCards() {
  const { data, isLoading } = useProfile();
  const stale = useProfileIsStale() && data !== undefined;
  const loading = isLoading && !data;
  const usd = (cents: number | undefined) => (cents === undefined ? 'N/A' : formatUsd(cents));
  return (
    <>
      <StatCard
        label="Available"
        value={usd(data?.availableCents)}
        help={stale ? `Not current: not updated for over ${PROFILE_STALE_MS / 60_000} minutes` : 'What labels can be paid with'}
        isLoading={loading}
        action={
          <OwnersOnly>
            <HStack gap="3" wrap="wrap">
              <AddBalanceDialog />
              {data && <WithdrawDialog availableCents={data.availableCents} />}
            </HStack>
          </OwnersOnly>
        }
        maxW="xl"
        mb="4"
      />
      <HStack gap="4" mb="8" wrap="wrap" align="stretch">
        <StatCard label="On hold" value={usd(data?.heldCents)} help="Withdrawal requests being paid back" isLoading={loading} minW="3xs" />
        {data && data.disputedCents > 0 && (
          <StatCard label="Under dispute" value={usd(data.disputedCents)} help="Card payments your bank is disputing: held until decided" minW="3xs" />
        )}
        <StatCard label="Total balance" value={usd(data?.balanceCents)} help="Available plus on hold" isLoading={loading} minW="3xs" />
      </HStack>
    </>
  );
}

/** The user's withdrawal requests, shown once there is one. */
function WithdrawalRequests() {
  const list = useWithdrawals();
  if (!list.isLoading && !list.error && list.withdrawals.length === 0) return null;
  return (
    <>
      <Heading as="h2" size="lg" mb="4">
        Withdrawal Requests
      </Heading>
      <Box mb="8">
        <WithdrawalsTable list={list} />
      </Box>
    </>
  );
}

export function WalletPage() {
  const filters = useTransactionFilters();
  const list = useTransactions(filters.applied);
  const newest = list.transactions[0];
  useCheckoutReturn(list.data !== undefined && !list.isValidating && newest?.status !== 'pending');

  return (
    <>
      <PageTitle>Account Wallet</PageTitle>
      <BalanceCards />
      <BalanceHistoryChart />
      <WithdrawalRequests />
      <Heading as="h2" size="lg" mb="4">
        Recent Transactions
      </Heading>
      <TransactionFilters filters={filters} />
      {/* One date range on the page: the export takes the filter bar's days (as the list applies them). */}
      <Box mb="4">
        <ExportCsvButton
          route="GET /exports/transactions.csv"
          fileStem="prepaidship-transactions"
          from={filters.applied.from}
          to={filters.applied.to}
          note="Days from the filters above; type and status don't narrow the file."
        />
      </Box>
      <TransactionsTable list={list} emptyMessage={filters.active ? 'No transactions match these filters' : undefined} />
    </>
  );
}
