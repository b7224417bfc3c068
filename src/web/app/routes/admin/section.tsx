import { useParams } from 'react-router';
import NotFoundPage from '../not-found';
import { AdminPlaceholder } from './admin-placeholder';
import { ADMIN_SECTIONS } from './admin-sections';

export default function AdminSection() {
  const { section } = useParams();
  const found = ADMIN_SECTIONS.find((s) => s.path === section && s.path !== '');
  if (!found) return <NotFoundPage />;
  return <AdminPlaceholder title={found.label} lead={found.lead} />;
}
