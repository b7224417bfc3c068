import { CategoriesAdmin } from '@/web/features/admin-categories/components/categories-admin';

export default function AdminCategoriesPage() {
  return <CategoriesAdmin />;
}
