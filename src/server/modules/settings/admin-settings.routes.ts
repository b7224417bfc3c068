import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsSchema, SETTINGS_GROUP_LABELS, SETTINGS_GROUPS, settingsBodySchemas, type SettingsGroup, type SettingsValues } from '@/contract/admin-settings';
import { apiErrorSchema } from '@/contract/errors';
import { getAdminSettings, saveSettingsGroup } from './admin-settings.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * GET /api/admin/settings and PUT /api/admin/settings/{group} (issue 14, docs/decisions/104). One route per
 * group, each with its own body schema, so the OpenAPI document says exactly what each accepts. After a change
 * this instance drops its cached settings, the catalogue's cached answers and the rendered pages: the next request
 * sees the new values; other instances within their settings cache (30 s).
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/api/admin/settings',
    { schema: { tags, summary: 'Every settings group as the site uses it, who changed each last, and the catalogue to choose from', response: { 200: adminSettingsSchema, ...errors } } },
    async () => getAdminSettings(app.db),
  );

  for (const group of SETTINGS_GROUPS) {
    register(group);
  }

  function register<G extends SettingsGroup>(group: G) {
    app.put(
      `/api/admin/settings/${group}`,
      {
        schema: {
          tags,
          summary: `Replace the ${SETTINGS_GROUP_LABELS[group].toLowerCase()} settings (audited)`,
          description: 'The whole group. A 400 names the field and stores nothing; an unchanged group writes nothing.',
          body: settingsBodySchemas[group],
          response: { 200: adminSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const changed = await saveSettingsGroup(app.db, await app.auth.requireActor(request), group, request.body as SettingsValues[G]);
        if (changed) {
          app.settings.invalidate();
          // Emptying the catalogue cache also drops the rendered pages (docs/decisions/092).
          app.catalogCache.clear();
        }
        return getAdminSettings(app.db);
      },
    );
  }
};
