import { ComingSoon } from '../../components/layout/coming-soon';

export default function CommunityPage() {
  return <ComingSoon title="Community Wall" lead="A wall of public certificates, newest and most-liked, awarded by people who know exactly what their friends did." />;
}
