import { pageHead } from '@/contract/pages';
import { useParams } from 'react-router';
import { TestPaymentPage } from '@/web/features/payments/components/test-payment-page';

export const head = pageHead({
  title: 'Test Payment',
  description: 'The built-in test card processor: no real money moves here.',
  indexable: false,
});

export default function TestPaymentRoute() {
  const { sessionId = '' } = useParams();
  return <TestPaymentPage key={sessionId} sessionId={sessionId} />;
}
