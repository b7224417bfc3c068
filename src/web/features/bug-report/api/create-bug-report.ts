import { useMutation } from '@tanstack/react-query';
import type { BugMetadata, BugSeverity, CreateBugResponse } from '@/contract/bug-reports';
import { apiFetch, ApiRequestError } from '@/web/lib/api-client';

/** What the person typed and attached (already trimmed; empty optional fields are undefined). */
export interface BugReportInput {
  title: string;
  description?: string | undefined;
  steps_to_repro?: string | undefined;
  severity: BugSeverity;
  reporter_email?: string | undefined;
  screenshot?: File | null | undefined;
  repro_video?: File | null | undefined;
}

/** What the page attaches by itself (spec §3): where it happened and what the console said. */
export interface BugReportContext {
  page_url: string;
  console_logs: string[];
  metadata: Required<Pick<BugMetadata, 'viewport' | 'timestamp' | 'userAgent'>>;
}

/** The page, the console and the screen as they are now. */
export function captureContext(consoleLines: string[]): BugReportContext {
  return {
    page_url: window.location.href,
    console_logs: consoleLines,
    metadata: {
      viewport: { width: window.innerWidth, height: window.innerHeight, devicePixelRatio: window.devicePixelRatio || 1 },
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent,
    },
  };
}

/** The multipart body of create-bug: optional fields that are empty are left out, not sent empty (spec §5). */
export function toBugFormData(input: BugReportInput, context: BugReportContext): FormData {
  const form = new FormData();
  const text: [string, string | undefined][] = [
    ['title', input.title],
    ['description', input.description],
    ['steps_to_repro', input.steps_to_repro],
    ['severity', input.severity],
    ['page_url', context.page_url],
    ['console_logs', JSON.stringify(context.console_logs)],
    ['metadata', JSON.stringify(context.metadata)],
    ['reporter_email', input.reporter_email],
  ];
  for (const [name, value] of text) if (value) form.append(name, value);
  // Files after the text fields: a streaming parser then knows the report before the bytes arrive.
  if (input.screenshot) form.append('screenshot', input.screenshot, input.screenshot.name);
  if (input.repro_video) form.append('repro_video', input.repro_video, input.repro_video.name);
  return form;
}

/** create-bug (spec §7): POST /api/bug-reports, multipart, the viewport also in x-viewport-json. */
export async function createBugReport(input: BugReportInput, context: BugReportContext): Promise<CreateBugResponse> {
  const body = await apiFetch<{ success?: boolean; id?: string; error?: { message?: string } | null } | null>('/api/bug-reports', {
    method: 'POST',
    body: toBugFormData(input, context),
    headers: { 'x-viewport-json': JSON.stringify(context.metadata.viewport) },
  });
  // Spec §7: the answer is read as success, id, error.
  if (body?.success !== true || typeof body.id !== 'string') {
    throw new ApiRequestError(200, 'BUG_REPORT_REFUSED', body?.error?.message || 'Unknown error occurred');
  }
  return { success: true, id: body.id, error: null };
}

/**
 * The failure toast's message (spec §8): what the endpoint answered is prefixed 'Edge function error: '; a failure
 * that never reached it (the network) says its own message; anything else 'Unknown error occurred'.
 */
export function bugReportErrorMessage(err: unknown): string {
  if (err instanceof ApiRequestError && err.status > 0) return `Edge function error: ${err.message || 'Unknown error occurred'}`;
  if (err instanceof Error && err.message) return err.message;
  return 'Unknown error occurred';
}

export function useCreateBugReport() {
  return useMutation({
    mutationFn: ({ input, context }: { input: BugReportInput; context: BugReportContext }) => createBugReport(input, context),
  });
}
