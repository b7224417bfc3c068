import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../ui/button';

/** Spec §2: what non-admins see on admin pages. */
export function AccessDenied() {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold">Access Denied</h1>
      <p className="mt-3 text-ink-soft">You need admin privileges to access this page.</p>
      <Link to="/" className={`${buttonVariants({ variant: 'secondary' })} mt-6`}>
        Return to Homepage
      </Link>
    </section>
  );
}
