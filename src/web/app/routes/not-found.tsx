import { Link } from 'react-router';
import { pageHead } from '@/contract/pages';
import { buttonVariants } from '@/web/components/ui/button';
import { renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Page Not Found',
  description: "The page you're looking for doesn't exist.",
  indexable: false,
});

/** Spec §2: the page for any path that matches no route. */
export default function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="font-display text-8xl font-semibold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">404 - Page Not Found</h1>
      <p className="mt-3 text-lg text-ink-soft">The page you&apos;re looking for doesn&apos;t exist.</p>
      <p className="mt-2 text-sm text-muted">
        We checked the filing cabinet twice. Whatever was here has been awarded Best Disappearing Act.
      </p>
      <Link to="/" className={`${buttonVariants({ size: 'lg' })} mt-8`}>
        Return to Homepage
      </Link>
    </section>
  );
}

/** Served as HTML: nothing to fetch first. */
export const serverRender = renderOnServer();
