import { NominationSuccess } from '@/web/features/nominate/components/nomination-success';

/** /nominate/success: the certificate, its links (the claim link shown once) and the way to a print. */
export default function NominateSuccessPage() {
  return <NominationSuccess />;
}
