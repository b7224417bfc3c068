import { ComingSoon } from '../../components/layout/coming-soon';

export default function AccountPage() {
  return <ComingSoon title="Your Account" lead="Your profile, your nominations, your orders and your privacy choices will live here." />;
}
