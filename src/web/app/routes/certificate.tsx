import { useParams } from 'react-router';
import { CertificatePage } from '@/web/features/certificates/components/certificate-page';

/** /certificate/:shareId — keyed by the id so moving between certificates starts fresh. */
export default function CertificateRoute() {
  const { shareId = '' } = useParams();
  return <CertificatePage key={shareId} shareId={shareId} />;
}
