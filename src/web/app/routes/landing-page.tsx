import { useParams } from 'react-router';
import { LandingPage } from '@/web/features/landing-pages/components/landing-page';

/** /l/:slug — keyed by the address so moving between landing pages starts fresh. */
export default function LandingPageRoute() {
  const { slug = '' } = useParams();
  return <LandingPage key={slug} slug={slug} />;
}
