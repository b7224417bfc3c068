import { ComingSoon } from '../../components/layout/coming-soon';

export default function NominatePage() {
  return <ComingSoon title="Nominate Someone" lead="Pick an award, name the culprit, write the citation and watch the certificate appear as you type." />;
}
