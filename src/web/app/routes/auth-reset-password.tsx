import { pageHead } from '@/contract/pages';
import { useSearchParams } from 'react-router';
import { AuthShell } from '@/web/features/auth/components/auth-shell';
import { ResetPasswordForm } from '@/web/features/auth/components/reset-password-form';

export const head = pageHead({
  title: 'Choose a New Password',
  description: 'Choose a new password for your account.',
  indexable: false,
});

/** /auth/reset-password?token=… — where the password-reset mail leads. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthShell title="Choose a new password" lead="Pick something memorable to you and unguessable to everyone else.">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AuthShell>
  );
}
