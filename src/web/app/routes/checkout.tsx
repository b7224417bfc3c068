import { CheckoutPage } from '@/web/features/checkout/components/checkout-page';

export default function CheckoutRoute() {
  return <CheckoutPage />;
}
