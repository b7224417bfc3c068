import { pageHead } from '@/contract/pages';
import { Notice } from '@/web/components/ui/notice';
import { LoadingScreen } from '@/web/components/ui/spinner';
import { useAccount } from '@/web/features/account/api/get-account';
import { DeleteAccountCard } from '@/web/features/account/components/delete-account-card';
import { PasswordCard } from '@/web/features/account/components/password-card';
import { PrivacyCard } from '@/web/features/account/components/privacy-card';
import { ProfileCard } from '@/web/features/account/components/profile-card';
import { MyNominations } from '@/web/features/account/components/my-nominations';
import { MyOrders } from '@/web/features/account/components/my-orders';

export const head = pageHead({
  title: 'Your Account',
  description: 'Your profile, nominations, orders and privacy choices.',
  indexable: false,
});

/** /account (signed in only, see RequireAuth): profile, password, privacy, orders, nominations, deletion. */
export default function AccountPage() {
  const account = useAccount();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Your account</p>
      <h1 className="mt-1 text-4xl font-semibold sm:text-5xl">
        {account.data ? `Hello, ${account.data.full_name}` : 'Your Account'}
      </h1>
      <p className="mt-3 text-lg text-ink-soft">Your profile, your privacy choices and everything you have set in motion.</p>
      {account.isPending ? <LoadingScreen className="min-h-[30vh]" /> : null}
      {account.isError ? (
        <Notice tone="error" title="Your account did not load" className="mt-8">
          {account.error.message}
        </Notice>
      ) : null}
      {account.data ? (
        <div className="mt-8 space-y-6">
          <ProfileCard account={account.data} />
          <PasswordCard account={account.data} />
          <PrivacyCard />
          <MyOrders />
          <MyNominations />
          <DeleteAccountCard account={account.data} />
        </div>
      ) : null}
    </div>
  );
}
