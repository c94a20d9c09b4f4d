import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './services.ts';
import { adminReportsArea } from '../modules/admin-reports/admin-reports-area.ts';
import { alarmDeliveryArea } from '../modules/alarm-delivery/alarm-delivery-area.ts';
import { alarmTextsArea } from '../modules/alarm-texts/alarm-texts-area.ts';
import { auditArea } from '../modules/audit/audit-area.ts';
import { authArea } from '../modules/auth/auth-area.ts';
import { beansArea } from '../modules/beans/beans-area.ts';
import { commandsArea } from '../modules/commands/commands-area.ts';
import { dashboardArea } from '../modules/dashboard/dashboard-area.ts';
import { deviceStatusesArea } from '../modules/device-statuses/device-statuses-area.ts';
import { devicesArea } from '../modules/devices/devices-area.ts';
import { dumpsArea } from '../modules/dumps/dumps-area.ts';
import { eventsArea } from '../modules/events/events-area.ts';
import { foodSafetyArea } from '../modules/food-safety/food-safety-area.ts';
import { healthArea } from '../modules/health/health-area.ts';
import { historianArea } from '../modules/historian/historian-area.ts';
import { inventoryArea } from '../modules/inventory/inventory-area.ts';
import { liveArea } from '../modules/live/live-area.ts';
import { notificationsArea } from '../modules/notifications/notifications-area.ts';
import { orderRunsArea } from '../modules/order-runs/order-runs-area.ts';
import { ordersArea } from '../modules/orders/orders-area.ts';
import { packingArea } from '../modules/packing/packing-area.ts';
import { plantDataArea } from '../modules/plant-data/plant-data-area.ts';
import { pathsArea } from '../modules/paths/paths-area.ts';
import { productsArea } from '../modules/products/products-area.ts';
import { qualityArea } from '../modules/quality/quality-area.ts';
import { reportsArea } from '../modules/reports/reports-area.ts';
import { roastControlArea } from '../modules/roast-control/roast-control-area.ts';
import { roastProfilesArea } from '../modules/roast-profiles/roast-profiles-area.ts';
import { roastRecordsArea } from '../modules/roast-records/roast-records-area.ts';
import { settingsArea } from '../modules/settings/settings-area.ts';
import { simulatorArea } from '../modules/simulator/simulator-area.ts';
import { transfersArea } from '../modules/transfers/transfers-area.ts';
import { usersArea } from '../modules/users/users-area.ts';
import { workflowsArea } from '../modules/workflows/workflows-area.ts';

/** The areas' routes under /api, in this order; each reads the services and settings it needs. */
export const areaRoutes: FastifyPluginAsyncZod<
  Pick<AppDeps, 'services' | 'config' | 'database'>
>[] = [
  healthArea.routes,
  authArea.routes,
  auditArea.routes,
  usersArea.routes,
  devicesArea.routes,
  commandsArea.routes,
  alarmTextsArea.routes,
  deviceStatusesArea.routes,
  pathsArea.routes,
  notificationsArea.routes,
  alarmDeliveryArea.routes,
  eventsArea.routes,
  simulatorArea.routes,
  liveArea.routes,
  beansArea.routes,
  productsArea.routes,
  roastProfilesArea.routes,
  historianArea.routes,
  roastRecordsArea.routes,
  qualityArea.routes,
  foodSafetyArea.routes,
  inventoryArea.routes,
  reportsArea.routes,
  settingsArea.routes,
  healthArea.monitorRoutes,
  adminReportsArea.routes,
  dumpsArea.routes,
  transfersArea.routes,
  dashboardArea.routes,
  ordersArea.routes,
  packingArea.routes,
  orderRunsArea.routes,
  roastControlArea.routes,
  workflowsArea.routes,
  plantDataArea.routes,
];
