import { PageTitle } from '../../../components/page-title';

export function AdminUsersPage() {
  return <PageTitle>Users</PageTitle>;
}
