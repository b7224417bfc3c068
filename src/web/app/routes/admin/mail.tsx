import { MailAdmin } from '@/web/features/admin-mail/components/mail-admin';

/** /admin/mail (issue 24): the mail outbox. */
export default function AdminMailPage() {
  return <MailAdmin />;
}
