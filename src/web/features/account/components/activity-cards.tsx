import { Link } from 'react-router';
import { pages } from '../../../../contract/pages';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from './card';

/** My nominations and my orders: filled in when nominations and orders arrive. */
export function ActivityCards() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card title="My nominations" lead="Everyone you have nominated, and whether they claimed the honour.">
        <p className="text-sm text-muted">No nominations yet. The committee awaits your first.</p>
        <Link to={pages.nominate.path} className={`${buttonVariants({ variant: 'outline', size: 'sm' })} mt-4`}>
          Nominate someone
        </Link>
      </Card>
      <Card title="My orders" lead="Printed certificates you ordered, and where they are.">
        <p className="text-sm text-muted">No orders yet. Certificates look better in a frame.</p>
        <Link to={pages.store.path} className={`${buttonVariants({ variant: 'outline', size: 'sm' })} mt-4`}>
          Visit the store
        </Link>
      </Card>
    </div>
  );
}
