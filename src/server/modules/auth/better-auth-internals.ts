import { createEmailVerificationToken } from 'better-auth/api';
import { VERIFY_EMAIL_EXPIRES_IN_S, type BetterAuthInstance } from './better-auth';

/** Better Auth's provider id of the email + password method. */
const CREDENTIAL = 'credential';

export interface SignInMethod {
  /** 'credential' (email + password) or an OAuth provider id such as 'google'. */
  providerId: string;
  hasPassword: boolean;
}

/**
 * Every use of Better Auth beyond its documented server API (`auth.api.*`): its internal adapter, its password
 * hasher and its signing secret (docs/decisions/065). They are not a published contract, so they live in this
 * file alone: an upgrade that changes them breaks here and nowhere else. The API tests exercise every method.
 */
export class BetterAuthInternals {
  constructor(private readonly auth: BetterAuthInstance) {}

  /** The session Better Auth has just created under a token (its sign-in answers only the token). */
  async sessionByToken(token: string): Promise<{ id: string; expiresAt: Date } | null> {
    const ctx = await this.auth.$context;
    const found = await ctx.internalAdapter.findSession(token);
    return found ? { id: found.session.id, expiresAt: new Date(found.session.expiresAt) } : null;
  }

  /** The ways an account signs in, one per linked provider. */
  async signInMethods(userId: string): Promise<SignInMethod[]> {
    const ctx = await this.auth.$context;
    const accounts = await ctx.internalAdapter.findAccounts(userId);
    return accounts.map((a) => ({ providerId: a.providerId, hasPassword: a.providerId === CREDENTIAL && !!a.password }));
  }

  /** Whether the password is the account's own; false when it has none. Not throttled: callers throttle. */
  async verifyPassword(userId: string, password: string): Promise<boolean> {
    const ctx = await this.auth.$context;
    const accounts = await ctx.internalAdapter.findAccounts(userId);
    const credential = accounts.find((a) => a.providerId === CREDENTIAL);
    if (!credential?.password) return false;
    return ctx.password.verify({ hash: credential.password, password });
  }

  async deleteSessionsOf(userId: string): Promise<void> {
    const ctx = await this.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(userId);
  }

  async findUserByEmail(email: string): Promise<{ id: string; emailVerified: boolean } | null> {
    const ctx = await this.auth.$context;
    const found = await ctx.internalAdapter.findUserByEmail(email);
    return found ? { id: found.user.id, emailVerified: found.user.emailVerified } : null;
  }

  async markEmailVerified(userId: string): Promise<void> {
    const ctx = await this.auth.$context;
    await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
  }

  /** A verified account with an email + password sign-in, created without any mail. Returns its id. */
  async createVerifiedUser(input: { email: string; name: string; password: string }): Promise<string> {
    const ctx = await this.auth.$context;
    const hash = await ctx.password.hash(input.password);
    const user = await ctx.internalAdapter.createUser(
      { email: input.email, name: input.name, emailVerified: true },
      { method: 'email-password' },
    );
    if (!user) throw new Error(`could not create the account ${input.email}`);
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: CREDENTIAL, accountId: user.id, password: hash });
    return user.id;
  }

  /** The token of a verification link, signed as Better Auth's own verify endpoint expects it. */
  async emailVerificationToken(user: { id: string; email: string }): Promise<string> {
    const ctx = await this.auth.$context;
    return createEmailVerificationToken(ctx.secret, user.email, undefined, VERIFY_EMAIL_EXPIRES_IN_S, { userId: user.id });
  }
}
