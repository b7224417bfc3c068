import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/** Previous / next under an admin table, with where you are; nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPage, noun = 'rows' }: { page: number; pageSize: number; total: number; onPage(page: number): void; noun?: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" /> Previous
      </Button>
      <span className="text-sm text-muted">
        {first}–{last} of {total} {noun} · page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
