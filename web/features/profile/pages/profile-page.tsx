import { PageTitle } from '../../../components/page-title';

export function ProfilePage() {
  return <PageTitle>Profile</PageTitle>;
}
