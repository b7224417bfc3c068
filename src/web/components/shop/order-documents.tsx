import { FileText } from 'lucide-react';
import { formatDate, formatMoney } from '@/contract/format';
import type { Order } from '@/contract/shop';
import { cn } from '@/web/lib/utils';

/**
 * An order's invoice and credit notes (docs/decisions/132) as PDFs to download, each with its date and amount (a
 * credit note's as money given back): the same list on the buyer's order page and in the admin's order panel.
 */
export function OrderDocumentList({ documents, currency, className }: { documents: Order['documents']; currency: string; className?: string }) {
  return (
    <ul className={cn('grid gap-2 text-sm', className)}>
      {documents.map((d) => (
        <li key={d.number}>
          <a href={d.url} download className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline">
            <FileText aria-hidden="true" className="size-4" />
            {d.kind === 'invoice' ? 'Invoice' : 'Credit note'} {d.number} (PDF)
          </a>
          <span className="text-muted">
            {' '}
            · {formatDate(d.issued_at)} · {d.kind === 'credit_note' ? '−' : ''}
            {formatMoney(d.total, currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}
