/** What a zod safeParse failure looks like, without importing zod here. */
interface ParseFailure {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}

/** The first message per field of a failed safeParse: { email: '…', password: '…' }. */
export function fieldErrors(result: ParseFailure): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Moves focus to the first field with an error (in form order). */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  if (!form) return;
  for (const el of Array.from(form.elements)) {
    const name = (el as HTMLInputElement).name;
    if (name && errors[name]) {
      (el as HTMLInputElement).focus();
      return;
    }
  }
}
