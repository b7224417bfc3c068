/** Ports and credentials of the e2e loopback services, shared by playwright.config.ts and the specs. */
const appPort = Number(process.env.E2E_PORT ?? 4173);

export const LOOPBACK = {
  appUrl: `http://localhost:${appPort}`,
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? 4180),
  mailApiPort: Number(process.env.E2E_MAIL_API_PORT ?? 4181),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 4125),
  googleClientId: 'certifiable-e2e',
  googleClientSecret: 'certifiable-e2e-secret',
  admin: { email: 'admin@certifiable.test', password: 'e2e-admin-password' },
} as const;
