import { pageHead } from '@/contract/pages';
import { useParams } from 'react-router';
import { ClaimPage } from '@/web/features/claims/components/claim-page';

export const head = pageHead({
  title: 'Claim Your Award',
  description: 'Someone has recognised your achievements. Accept the honour, download it or decline it.',
  indexable: false,
});

/** /claim/:token — the nominee's page. */
export default function ClaimRoute() {
  const { token = '' } = useParams();
  return <ClaimPage key={token} token={token} />;
}
