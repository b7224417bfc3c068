import { Award as AwardIcon } from 'lucide-react';
import type { QuizAward } from '@/contract/quiz';
import { cn } from '@/web/lib/utils';

/** An award's flat emblem in a paper disc (decorative: the award's title is always written beside it). */
export function AwardEmblem({ award, className, lazy }: { award: Pick<QuizAward, 'image_url'>; className?: string; lazy?: boolean }) {
  return (
    <span className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-paper-dark', className ?? 'size-14')}>
      {award.image_url ? (
        <img src={award.image_url} alt="" width={64} height={64} loading={lazy ? 'lazy' : 'eager'} decoding="async" className="size-full object-contain" />
      ) : (
        <AwardIcon className="size-1/2 text-muted" aria-hidden="true" />
      )}
    </span>
  );
}
