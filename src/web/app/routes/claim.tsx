import { ComingSoon } from '../../components/layout/coming-soon';

export default function ClaimPage() {
  return <ComingSoon title="Claim Your Award" lead="Nominees will accept (or graciously decline) their honours here." />;
}
