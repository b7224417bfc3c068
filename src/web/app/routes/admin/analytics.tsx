import { AnalyticsDashboard } from '@/web/features/admin-analytics/components/analytics-dashboard';

/** /admin/analytics: its own chunk, so recharts never reaches the public pages (docs/decisions/097). */
export default function AdminAnalyticsPage() {
  return <AnalyticsDashboard />;
}
