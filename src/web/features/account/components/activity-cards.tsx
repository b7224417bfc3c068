import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from './card';

/** My orders: filled in when orders arrive. (My nominations is the nominations feature's section, see routes/account.tsx.) */
export function ActivityCards() {
  return (
    <div className="grid gap-6">
      <Card title="My orders" lead="Printed certificates you ordered, and where they are.">
        <p className="text-sm text-muted">No orders yet. Certificates look better in a frame.</p>
        <Link to={paths.store} className={`${buttonVariants({ variant: 'outline', size: 'sm' })} mt-4`}>
          Visit the store
        </Link>
      </Card>
    </div>
  );
}
