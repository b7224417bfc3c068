import { CartPage } from '@/web/features/cart/components/cart-page';

export default function CartRoute() {
  return <CartPage />;
}
