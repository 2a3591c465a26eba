import { PageTitle } from '../../../components/page-title';

export function FaqPage() {
  return <PageTitle>FAQ</PageTitle>;
}
