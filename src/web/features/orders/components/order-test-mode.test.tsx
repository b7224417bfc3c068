// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderIn, ROYAL } from '@/web/test/order-fixtures';
import { renderWithApp } from '@/web/test/render';
import { OrderDetails } from './order-details';

const statusRegion = () => within(screen.getByRole('region', { name: 'Status' }));
/** In test mode the built-in print shop's parcel is simulated; an admin's hand-entered tracking is not (the server says which). */
const shippedTo = (testMode: boolean, simulated = testMode) => {
  const parcel = { ...ROYAL, simulated };
  return orderIn(
    { lifecycle: 'completed', payment: 'paid', fulfilment: 'shipped' },
    { tracking: parcel, shipments: [parcel], payment: { provider: 'test', test_mode: testMode, failure_message: null, paid_at: ROYAL.shipped_at } },
  );
};

describe('OrderDetails in test mode (docs/decisions/119)', () => {
  it('says printing and shipping are simulated, and gives a made-up tracking number no link to the carrier', () => {
    renderWithApp(<OrderDetails order={shippedTo(true)} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Test mode. This order was paid in test mode: no real money moved. Printing and shipping are simulated too: the built-in print shop goes through each step without printing or posting anything, and its carrier and tracking number are made up.',
    );
    expect(screen.queryByText(/nothing will be printed/)).toBeNull();
    expect(statusRegion().getByText(/Made-up tracking number:/)).toHaveTextContent(`Simulated shipment with Royal Mail on`);
    expect(statusRegion().getByText(/Made-up tracking number:/)).toHaveTextContent(ROYAL.number);
    expect(statusRegion().queryByRole('link', { name: 'Track the parcel' })).toBeNull();
  });

  it('tracking an admin entered by hand on a test order is real: its link stays', () => {
    renderWithApp(<OrderDetails order={shippedTo(true, false)} />);
    expect(statusRegion().getByText(/Tracking number:/)).toHaveTextContent('Shipped with Royal Mail on');
    expect(statusRegion().getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', ROYAL.url);
  });

  it('a real order keeps the carrier’s tracking link', () => {
    renderWithApp(<OrderDetails order={shippedTo(false)} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(statusRegion().getByText(/Tracking number:/)).toHaveTextContent('Shipped with Royal Mail on');
    expect(statusRegion().getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', ROYAL.url);
  });
});
