import { pageHead } from '@/contract/pages';
import { NominationSuccess } from '@/web/features/nominate/components/nomination-success';

export const head = pageHead({
  title: 'Nomination Filed',
  description: 'Your nomination has been filed. Share the certificate or get it printed.',
  indexable: false,
});

/** /nominate/success: the certificate, its links (the claim link shown once) and the way to a print. */
export default function NominateSuccessPage() {
  return <NominationSuccess />;
}
