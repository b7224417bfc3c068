// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES, ORDER_STATUS_VALUES } from '@/contract/order-status';
import { OrderStatusBadge } from './order-status-badge';

describe('OrderStatusBadge (one status list: src/contract/order-status.ts)', () => {
  it('colours every status by its tone, the same in the admin’s small badge and the customer’s larger one', () => {
    const colour = { trouble: 'text-brand-800', waiting: 'bg-gold', closed: 'bg-paper-dark', good: 'text-emerald-900' } as const;
    for (const status of ORDER_STATUS_VALUES) {
      for (const size of ['sm', 'md'] as const) {
        const { unmount } = render(<OrderStatusBadge status={status} label={ORDER_STATUS_LABELS[status]} size={size} />);
        expect(screen.getByText(ORDER_STATUS_LABELS[status]).className, `${status} (${size})`).toContain(colour[ORDER_STATUS_TONES[status]]);
        unmount();
      }
    }
  });
});
