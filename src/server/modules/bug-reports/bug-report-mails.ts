import { BUG_SEVERITY_LABELS, type BugSeverity } from '@/contract/bug-reports';
import { mailLayout, oneLine, type OutgoingMail } from '../mail';

/** Mails about bug reports: a critical report tells every admin at once. */

export interface BugReportMailFacts {
  brand: string;
  id: string;
  title: string;
  severity: BugSeverity;
  /** null when the report named no page */
  pageUrl: string | null;
  /** The report in the admin area: `${publicUrl}/admin/bug-reports?report={id}`. */
  adminUrl: string;
}

/** The admin page of one report (the admin list opens it from ?report=). */
export const bugReportAdminUrl = (publicUrl: string, id: string) => `${publicUrl}/admin/bug-reports?report=${encodeURIComponent(id)}`;

/** To an admin, when someone files a report marked critical. The text is the reporter's: kept to one line each. */
export function criticalBugMail(to: string, f: BugReportMailFacts): OutgoingMail {
  const title = oneLine(f.title, 200);
  return {
    to,
    kind: 'bug_report_critical',
    subject: `Critical bug reported: ${oneLine(f.title, 80)}`,
    ...mailLayout({
      brand: f.brand,
      greeting: 'Hello,',
      lines: [
        { text: `A bug report marked ${BUG_SEVERITY_LABELS[f.severity]} has just come in.` },
        { text: title, quote: true },
        { text: `Severity: ${BUG_SEVERITY_LABELS[f.severity]}` },
        { text: `Page: ${f.pageUrl ? oneLine(f.pageUrl, 300) : 'not given'}` },
      ],
      action: { label: 'Open the report', url: f.adminUrl },
      after: ['You receive this because you are an admin. Reports of lower severity wait in the admin area without a mail.'],
    }),
  };
}
