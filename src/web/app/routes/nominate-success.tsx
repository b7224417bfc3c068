import { ComingSoon } from '../../components/layout/coming-soon';

export default function NominateSuccessPage() {
  return <ComingSoon title="Nomination Filed" lead="This is where you will copy the link, share the certificate and order a print." />;
}
