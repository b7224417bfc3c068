import { LandingPagesAdmin } from '@/web/features/admin-landing-pages/components/landing-pages-admin';

export default function AdminLandingPagesPage() {
  return <LandingPagesAdmin />;
}
