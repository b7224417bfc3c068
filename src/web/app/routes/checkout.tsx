import { pageHead } from '@/contract/pages';
import { CheckoutPage } from '@/web/features/checkout/components/checkout-page';

export const head = pageHead({
  title: 'Checkout',
  description: 'Where to send your certificates, and how to pay for them.',
  indexable: false,
});

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
