import { pageHead } from '@/contract/pages';
import { useParams } from 'react-router';
import { CertificatePage } from '@/web/features/certificates/components/certificate-page';
import { queryKeys } from '@/web/lib/query-keys';
import type { Certificate } from '@/contract/nominations';
import { certificateHead } from '@/web/features/certificates/lib/certificate-head';
import { answerOf, clientErrorOf, prefetchCertificate, renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Certificate',
  description:
    'An official certificate for a gloriously unofficial achievement. Check it is genuine, react, or nominate someone of your own.',
  keywords: ['verify certificate', 'award certificate'],
  indexable: true,
  // Public and accepted, or published: the certificate's or page's own head says (served noindex without it).
  describedByData: true,
  priority: 0.5,
  changefreq: 'monthly',
});

/** /certificate/:shareId — keyed by the id so moving between certificates starts fresh. */
export default function CertificateRoute() {
  const { shareId = '' } = useParams();
  return <CertificatePage key={shareId} shareId={shareId} />;
}

/** Served with the certificate; unknown or malformed: 404 with the page's "not in the register"; declined or hidden: 410 "withdrawn". */
export const serverRender = renderOnServer(
  async (p) => {
    const shareId = p.params.shareId ?? '';
    await prefetchCertificate(p, shareId);
    const status = clientErrorOf(p, queryKeys.certificates.detail(shareId));
    if (status !== null) return status === 410 ? 410 : 404;
  },
  {
    head: (p) => {
      const { data, answered } = answerOf<Certificate>(p, queryKeys.certificates.detail(p.params.shareId ?? ''));
      return certificateHead(data, answered);
    },
  },
);
