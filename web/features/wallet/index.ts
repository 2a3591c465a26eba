/** What other features use of the wallet: the withdrawal status badge (the admin withdrawals page). */
export { WithdrawalStatusBadge } from './components/withdrawals-table';
