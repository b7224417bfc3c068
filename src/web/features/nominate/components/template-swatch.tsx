import type { CSSProperties } from 'react';
import { cn } from '@/web/lib/utils';

/**
 * A thumbnail that hints at each design (paper, border, ink) without asking the server for five
 * more renders. Designs added later fall back to a neutral card; the live preview shows the truth.
 */
const LOOKS: Record<string, { paper: string; border: string; ink: string; accent: string; style?: CSSProperties; radius?: string }> = {
  'classic-parchment': { paper: '#fbf1dc', border: '4px double #8a5a1c', ink: '#3b2a1a', accent: '#a50d26' },
  'modern-minimal': { paper: '#ffffff', border: '1px solid #cbd5e1', ink: '#0f172a', accent: '#c8102e' },
  'gold-foil': { paper: '#1c1917', border: '2px solid #eab308', ink: '#fde68a', accent: '#eab308', style: { boxShadow: 'inset 0 0 0 4px #1c1917, inset 0 0 0 5px #fde047' } },
  retro: { paper: '#1e1b4b', border: '2px solid #d946ef', ink: '#bef264', accent: '#d946ef', style: { boxShadow: '3px 3px 0 0 #d946ef' } },
  'kids-crayon': { paper: '#fefce8', border: '2px dashed #fb7185', ink: '#0c4a6e', accent: '#38bdf8', radius: '14px' },
};

export function TemplateSwatch({ slug, className }: { slug: string; className?: string }) {
  const look = LOOKS[slug] ?? { paper: '#fff8ef', border: '1px solid #e8dccb', ink: '#1f1a17', accent: '#c8102e' };
  return (
    <span
      aria-hidden="true"
      className={cn('relative flex aspect-[297/210] w-full flex-col items-center justify-center gap-1 overflow-hidden p-2', className)}
      style={{ background: look.paper, border: look.border, borderRadius: look.radius ?? '6px', ...look.style }}
    >
      <span className="h-[3px] w-1/3 rounded-full opacity-70" style={{ background: look.ink }} />
      <span className="h-[6px] w-2/3 rounded-full" style={{ background: look.ink }} />
      <span className="h-[3px] w-1/2 rounded-full opacity-50" style={{ background: look.ink }} />
      <span className="absolute right-[12%] bottom-[12%] size-[18%] rounded-full" style={{ background: look.accent }} />
    </span>
  );
}
