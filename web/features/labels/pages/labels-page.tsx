import { PageTitle } from '../../../components/page-title';

export function LabelsPage() {
  return <PageTitle>Shipping Labels</PageTitle>;
}
