import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { useResendVerification } from '../api/resend-verification';

/** "Send the link again" for an address whose account is not verified yet. */
export function ResendVerification({ email, label = 'Send a new link' }: { email: string; label?: string }) {
  const resend = useResendVerification();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={resend.isPending || !email.trim()}
      onClick={() =>
        resend.mutate(email.trim(), {
          onSuccess: () =>
            toast({
              title: 'Confirmation link sent',
              description: `If ${email.trim()} has an account waiting for confirmation, a new link is on its way.`,
              variant: 'success',
            }),
          onError: (err) => toast({ title: err.message, variant: 'destructive' }),
        })
      }
    >
      {resend.isPending ? 'Sending...' : label}
    </Button>
  );
}
