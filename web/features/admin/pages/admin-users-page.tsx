import { Badge, Code } from '@chakra-ui/react';
import { useEffect } from 'react';
import { formatUsd } from '../../../../domain/money';
import { errorMessage } from '../../../api-client/client';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifyApiError } from '../../../components/notify';
import { PageTitle } from '../../../components/page-title';
import type { User } from '../../../types/api';
import { useUsers } from '../api/list-users';

const columns: DataTableColumn<User>[] = [
  { header: 'ID', cell: (u) => <Code size="sm">{u.id}</Code> },
  { header: 'Name', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  // Exact cents, not the float dollars, so $0.10 + $0.20 never shows as $0.30000000000000004.
  { header: 'Balance', cell: (u) => formatUsd(u.balanceCents), numeric: true },
  { header: 'Role', cell: (u) => <Badge colorPalette={u.role === 'admin' ? 'purple' : 'gray'}>{u.role}</Badge> },
];

export function AdminUsersPage() {
  const { users, error, isLoading, mutate, ...pager } = useUsers();

  useEffect(() => {
    if (error) notifyApiError('Failed to Fetch Users', error, 'Please try again later.', 'users-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Users</PageTitle>
      <DataTable
        caption="All users"
        columns={columns}
        rows={users}
        rowKey={(u) => u.id}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The users could not be loaded.') : undefined}
        onRetry={() => void mutate()}
        emptyMessage="No users yet."
        pager={pager}
      />
    </>
  );
}
