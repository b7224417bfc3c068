import { useParams } from 'react-router';
import { TestPaymentPage } from '@/web/features/payments/components/test-payment-page';

export default function TestPaymentRoute() {
  const { sessionId = '' } = useParams();
  return <TestPaymentPage key={sessionId} sessionId={sessionId} />;
}
