import type { Database } from '@roastery/db';
import type { Config } from '../../config.ts';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import { AdminReportRepository } from './admin-report-repository.ts';
import { adminReportRoutes } from './admin-report-routes.ts';
import { AdminReportService } from './admin-report-service.ts';

/** What the administrators' reports need from the rest of the console. */
export interface AdminReportsNeeds {
  db: Database;
  config: Config;
  configChanged: ConfigChanged;
}

const routes: AreaRoutes<{ adminReports: AdminReportService }> = async (api, { services }) => {
  await api.register(adminReportRoutes, { reports: services.adminReports });
};

/** Reports administrators write in SQL, and Metabase's embedded dashboards. */
export const adminReportsArea = {
  build: ({ db, config, configChanged }: AdminReportsNeeds) => ({
    adminReports: new AdminReportService({
      repo: new AdminReportRepository(db),
      metabase: config.metabase,
      limits: config.reports,
      changed: configChanged,
    }),
  }),
  routes,
};
