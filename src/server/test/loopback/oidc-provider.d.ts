// The few parts of oidc-provider (v9 ships no types) that the loopback issuer uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (props: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    ttl: Record<string, number>;
    features: Record<string, unknown>;
    interactions: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string };
    loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
    findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (ctx: unknown, err: Error) => void): this;
  }
}
