import { AuditLog } from '@/web/features/admin-audit/components/audit-log';

/** /admin/audit (issue 14). */
export default function AdminAuditPage() {
  return <AuditLog />;
}
