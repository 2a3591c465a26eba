import { Badge, Code } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import type { DataTableColumn } from '@/components/data-table';
import { PagedDataTable, type ListFailure } from '@/components/paged-data-table';
import { PageTitle } from '@/components/page-title';
import type { ApiUser } from '@domain/api/users';
import { useUsers } from '../api/list-users';
import { AdjustWalletDialog } from '../components/adjust-wallet-dialog';

/** SPEC section 2's admin columns. */
const columns: DataTableColumn<ApiUser>[] = [
  { header: 'ID', cell: (u) => <Code size="sm">{u.id}</Code> },
  { header: 'Name', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  // Exact cents, not the float dollars, so $0.10 + $0.20 never shows as $0.30000000000000004.
  { header: 'Balance', cell: (u) => formatUsd(u.balanceCents), numeric: true },
  { header: 'On hold', cell: (u) => formatUsd(u.heldCents), numeric: true },
  { header: 'Role', cell: (u) => <Badge colorPalette={u.role === 'admin' ? 'purple' : 'gray'}>{u.role}</Badge> },
  { header: 'Actions', cell: (u) => <AdjustWalletDialog user={u} /> },
];

const failure: ListFailure = {
  title: 'Failed to Fetch Users',
  fallback: 'Please try again later.',
  toastId: 'users-fetch',
  message: 'The users could not be loaded.',
};

export function AdminUsersPage() {
  const list = useUsers();
  return (
    <>
      <PageTitle>Users</PageTitle>
      <PagedDataTable caption="All users" columns={columns} rows={list.users} rowKey={(u) => u.id} emptyMessage="No users yet." list={list} failure={failure} />
    </>
  );
}
