import { pageHead } from '@/contract/pages';
import { CartPage } from '@/web/features/cart/components/cart-page';

export const head = pageHead({
  title: 'Your Cart',
  description: 'Review your printed certificates before checkout.',
  indexable: false,
});

export default function CartRoute() {
  return <CartPage />;
}
