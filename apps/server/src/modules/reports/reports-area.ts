import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { PackingRunner } from '../order-runs/packing-runner.ts';
import { recallService } from '../recall/recall-area.ts';
import { recallRoutes } from '../recall/recall-routes.ts';
import type { RecallService } from '../recall/recall-service.ts';
import { ReportRepository } from './report-repository.ts';
import { reportRoutes } from './report-routes.ts';
import { ReportService } from './report-service.ts';

/** What the reports need from the rest of the console. */
export interface ReportsNeeds {
  db: Database;
  /** Keeps the packing records the packing report reads. */
  packingRuns: Pick<PackingRunner, 'record'>;
}

const routes: AreaRoutes<{ reports: ReportService; recall: RecallService }> = async (
  api,
  { services },
) => {
  await api.register(reportRoutes, { prefix: '/report', reports: services.reports });
  await api.register(recallRoutes, { prefix: '/recall', recall: services.recall });
};

/** The production reports: roasting, packing, OEE and traceability, with mock recalls. */
export const reportsArea = {
  build: ({ db, packingRuns }: ReportsNeeds) => ({
    reports: new ReportService({
      repo: new ReportRepository(db),
      packingRecord: (orderId) => packingRuns.record(orderId),
      now: () => new Date(),
    }),
    recall: recallService(db),
  }),
  routes,
};
