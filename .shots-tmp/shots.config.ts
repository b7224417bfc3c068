import base from '../playwright.config';
const servers = (Array.isArray(base.webServer) ? base.webServer : [base.webServer!]).map((s) => ({ ...s, cwd: '/work/main' }));
export default { ...base, testDir: '.', testMatch: process.env.SHOTS_MATCH ? new RegExp(process.env.SHOTS_MATCH) : /shots\.spec\.ts/, projects: [{ name: 'shots', use: base.projects![0]!.use }], outputDir: './results', webServer: servers };
