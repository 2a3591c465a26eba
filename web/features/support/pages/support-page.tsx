import { PageTitle } from '../../../components/page-title';

export function SupportPage() {
  return <PageTitle>Support</PageTitle>;
}
