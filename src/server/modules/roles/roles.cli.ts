import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { userRoles, users } from '@/server/db/schema/index';
import { HttpError } from '@/server/lib/http-errors';
import { recordAudit } from '../audit';
import { grantRole, revokeRole, withAdminRoleLock } from './roles.service';

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- <command>

  grant <email>    make the account with this email an admin
  revoke <email>   take admin rights away (never from the last admin)
  list             list the admins

The account must exist (sign up first, or set ADMIN_EMAIL and ADMIN_PASSWORD).`;

/**
 * The operator's admin tool (npm run admin). Changes are audited with actor_user_id null.
 * Returns the process exit code; writes what happened to out/err.
 */
export async function runAdminCommand(
  db: Db,
  args: string[],
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  const [command, rawEmail] = args;
  if (command === 'list') {
    const admins = await db
      .select({ email: users.email, name: users.name, since: userRoles.createdAt })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(userRoles.role, 'admin'))
      .orderBy(asc(users.email));
    if (!admins.length) io.out('No admins yet.');
    for (const a of admins) io.out(`${a.email}\t${a.name}\tsince ${a.since.toISOString()}`);
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail || args.length !== 2) {
    io.err(ADMIN_CLI_USAGE);
    return 2;
  }
  const email = rawEmail.trim().toLowerCase();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) {
    io.err(`No account with the email ${email}. Sign up first, then run this again.`);
    return 1;
  }
  try {
    const changed = await withAdminRoleLock(db, async (tx) => {
      const done = command === 'grant' ? await grantRole(tx, user.id, 'admin') : await revokeRole(tx, user.id, 'admin');
      if (done) {
        await recordAudit(tx, {
          actorUserId: null,
          action: command === 'grant' ? 'user.role_granted' : 'user.role_revoked',
          entityType: 'user',
          entityId: user.id,
          before: { roles: command === 'grant' ? [] : ['admin'] },
          after: { roles: command === 'grant' ? ['admin'] : [], via: 'cli' },
        });
      }
      return done;
    });
    if (command === 'grant') io.out(changed ? `${email} is now an admin.` : `${email} was already an admin.`);
    else io.out(changed ? `${email} is no longer an admin.` : `${email} was not an admin.`);
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
}
