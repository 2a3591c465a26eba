import { PageTitle } from '../../../components/page-title';

export function AdminTransactionsPage() {
  return <PageTitle>Transactions</PageTitle>;
}
