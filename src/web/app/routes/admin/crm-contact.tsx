import { useParams } from 'react-router';
import { ContactPage } from '@/web/features/admin-crm/components/contact-page';

/** /admin/crm/contact/{id} (spec §2; analytics masks the id: docs/decisions/094). */
export default function AdminCrmContact() {
  const { id = '' } = useParams();
  return <ContactPage key={id} id={id} />;
}
