import { PageTitle } from '../../../components/page-title';

export function TrackingPage() {
  return <PageTitle>Track Package</PageTitle>;
}
