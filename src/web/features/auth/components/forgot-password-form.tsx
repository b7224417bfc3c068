import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { TextField } from '@/web/components/ui/text-field';
import { toast } from '@/web/components/ui/use-toast';
import { fieldErrors, focusFirstError } from '@/web/lib/form-errors';
import { forgotPasswordSchema, useForgotPassword } from '../api/forgot-password';

/** Forgotten password: ask for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const forgot = useForgotPassword();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      const errors = fieldErrors(parsed);
      setError(errors.email);
      focusFirstError(formRef.current, errors);
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data.email, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (err) => toast({ title: err.message, variant: 'destructive' }),
    });
  }

  if (sentTo) {
    return (
      <div className="space-y-5">
        <Notice tone="success" title="Check your inbox">
          If an account exists for <strong className="text-ink">{sentTo}</strong>, a link to choose a new password is on its
          way. It works for 1 hour.
        </Notice>
        <Button type="button" variant="secondary" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        required
      />
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <button type="button" className="font-semibold text-brand-700 underline underline-offset-4" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
