import { PageTitle } from '../../../components/page-title';

export function AdminDashboardPage() {
  return <PageTitle>Dashboard</PageTitle>;
}
