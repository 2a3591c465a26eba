import { PageTitle } from '../../../components/page-title';

export function AddressesPage() {
  return <PageTitle>Manage Addresses</PageTitle>;
}
