import { PageTitle } from '../../../components/page-title';

export function WalletPage() {
  return <PageTitle>Account Wallet</PageTitle>;
}
