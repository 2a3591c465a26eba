import { Heading } from '@chakra-ui/react';
import { useEffect } from 'react';
import { formatUsd } from '@domain/money';
import { errorMessage } from '@/api-client/client';
import { notifyApiError } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { StatCard } from '@/components/stat-card';
import { useProfile } from '@/features/profile';
import { useTransactions } from '../api/list-transactions';
import { AddBalanceDialog } from '../components/add-balance-dialog';
import { TransactionsTable } from '../components/transactions-table';
import { useCheckoutReturn } from '../hooks/use-checkout-return';

/** The balance from the profile (the same answer as the header's badge), and the Add Balance dialog. */
function BalanceCard() {
  const { data, isLoading } = useProfile();
  return (
    <StatCard
      label="Current balance"
      value={data ? formatUsd(data.balanceCents) : 'N/A'}
      isLoading={isLoading && !data}
      action={<AddBalanceDialog />}
      maxW="md"
      mb="8"
    />
  );
}

export function WalletPage() {
  const { transactions, data, error, isLoading, isValidating, mutate, ...pager } = useTransactions();
  const newest = transactions[0];
  useCheckoutReturn(data !== undefined && !isValidating && newest?.status !== 'pending');

  useEffect(() => {
    if (error) notifyApiError('Failed to fetch transactions.', error, undefined, 'wallet-transactions-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Account Wallet</PageTitle>
      <BalanceCard />
      <Heading as="h2" size="lg" mb="4">
        Recent Transactions
      </Heading>
      <TransactionsTable
        transactions={transactions}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The transactions could not be loaded.') : undefined}
        onRetry={() => void mutate()}
        pager={pager}
      />
    </>
  );
}
