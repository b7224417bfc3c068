import { ComingSoon } from '../../components/layout/coming-soon';

export default function DynamicTemplatesPage() {
  return <ComingSoon title="Certificate Designs" lead="See every certificate design applied to your own words, then use the one you like." />;
}
