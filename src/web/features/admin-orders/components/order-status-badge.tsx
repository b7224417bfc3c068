/** The admin's order status badge is the shop's one (one status list: src/contract/order-status.ts). */
export { OrderStatusBadge } from '@/web/components/shop/order-status-badge';
