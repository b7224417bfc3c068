import { ComingSoon } from '../../../components/layout/coming-soon';

export default function AdminCrmContact() {
  return <ComingSoon title="Contact" lead="One contact's details, nominations, orders and notes." />;
}
