import { useParams } from 'react-router';
import { ClaimPage } from '@/web/features/claims/components/claim-page';

/** /claim/:token — the nominee's page. */
export default function ClaimRoute() {
  const { token = '' } = useParams();
  return <ClaimPage key={token} token={token} />;
}
