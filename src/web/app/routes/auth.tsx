import { ComingSoon } from '../../components/layout/coming-soon';

export default function AuthPage() {
  return <ComingSoon title="Sign In" lead="Sign in or create an account to keep your nominations, certificates and orders together." />;
}
