/**
 * Moves focus to the first field with an error (in form order). Forms built with the kit in
 * components/ui/form.tsx get this from <Form>; the nomination form still calls it directly, and this
 * file goes when it moves onto the kit (docs/decisions/060).
 */
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
