import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/layout/coming-soon';
import NotFoundPage from '../not-found';
import { ADMIN_SECTIONS } from './admin-sections';

export default function AdminSection() {
  const { section } = useParams();
  const found = ADMIN_SECTIONS.find((s) => s.path === section && s.path !== '');
  if (!found) return <NotFoundPage />;
  return <ComingSoon title={found.label} lead={found.lead} />;
}
