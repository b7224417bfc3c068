import { Download, FileText } from 'lucide-react';
import type { Certificate } from '@/contract/nominations';
import { buttonVariants } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

/** Print-quality PNG (300 DPI) and an A4 PDF; the server names the files. */
export function DownloadLinks({ certificate, className }: { certificate: Pick<Certificate, 'urls'>; className?: string }) {
  const link = buttonVariants({ variant: 'outline', size: 'sm' });
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <a href={certificate.urls.print_png} download className={link}>
        <Download aria-hidden="true" />
        Download PNG
      </a>
      <a href={certificate.urls.pdf} download className={link}>
        <FileText aria-hidden="true" />
        Download PDF
      </a>
    </div>
  );
}
