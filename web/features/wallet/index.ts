/** What other features use of the wallet: the status badges (the admin withdrawals and transactions pages). */
export { WithdrawalStatusBadge } from './components/withdrawals-table';
export { TransactionStatusBadge } from './components/transaction-status-badge';
