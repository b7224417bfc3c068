import { StorePage } from '@/web/features/store/components/store-page';

export default function StoreRoute() {
  return <StorePage />;
}
