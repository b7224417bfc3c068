import { AccessDenied } from '../../../components/errors/access-denied';

/**
 * The admin area. Until accounts exist nobody holds the admin role, so everyone sees the
 * spec's Access Denied screen; the area's navigation and pages arrive with the accounts work.
 */
export default function AdminLayout() {
  return <AccessDenied />;
}
