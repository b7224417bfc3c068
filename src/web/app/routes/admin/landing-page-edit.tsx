import { useParams } from 'react-router';
import { LandingPageEditor } from '@/web/features/admin-landing-pages/components/landing-page-editor';

/** /admin/landing-pages/new and /admin/landing-pages/:id — keyed by the id so another page starts a fresh form. */
export default function AdminLandingPageEditPage() {
  const { id = 'new' } = useParams();
  return <LandingPageEditor key={id} id={id === 'new' ? null : id} />;
}
