import { Role, type RoleId } from '@roastery/contract';

/**
 * Who may call each route. The server enforces this table; docs/permissions.md is generated
 * from it, and a test walks every registered route against it. A route missing here cannot
 * be registered.
 *
 * - 'public': no token needed.
 * - 'signed-in': any role.
 * - a list of roles: only those.
 *
 * A key ending in '/**' covers that path and everything below it (the API browser's files).
 */
export type Access = 'public' | 'signed-in' | readonly RoleId[];

const ADMIN = [Role.Administrator] as const;
const PLANT = [Role.Administrator, Role.Supervisor] as const;
/** The plant staff and the quality technicians: lab results and the records they read (ADR 0046). */
const QUALITY = [Role.Administrator, Role.Supervisor, Role.QualityTechnician] as const;

export const permissions: Record<string, Access> = {
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/docs/**': 'public',

  'POST /api/user/login': 'public',
  'POST /api/user/refresh_token': 'public',
  'POST /api/user/logout': 'public',
  'GET /api/user/me': 'signed-in',
  'PUT /api/user/reset-password': 'signed-in',

  'GET /api/user': ADMIN,
  'GET /api/user/roles': ADMIN,
  'POST /api/user/create': ADMIN,
  'PUT /api/user/:id': ADMIN,
  'DELETE /api/user/:id': ADMIN,
  'POST /api/user/admin-reset-password': ADMIN,
  'GET /api/user/throttles': ADMIN,
  'DELETE /api/user/throttles': ADMIN,
  'DELETE /api/user/throttles/:id': ADMIN,

  'GET /api/live': 'signed-in',

  // Security: the audit log, every user's sessions and second factors are an administrator's.
  'GET /api/audit': ADMIN,
  'GET /api/audit/categories': ADMIN,
  'GET /api/audit/verify': ADMIN,
  'GET /api/user/:id/sessions': ADMIN,
  'DELETE /api/user/:id/sessions': ADMIN,
  'DELETE /api/user/:id/sessions/:session': ADMIN,
  'DELETE /api/user/:id/totp': ADMIN,
  'GET /api/user/totp': ADMIN,
  'POST /api/user/totp/enrol': ADMIN,
  'POST /api/user/totp/confirm': ADMIN,
  'POST /api/user/totp/disable': ADMIN,

  // Devices: reading the plant is for supervisors and administrators; operators see silos and bins.
  'GET /api/device': PLANT,
  'GET /api/devices': PLANT,
  'GET /api/device/bin': 'signed-in',
  'GET /api/device/types': PLANT,
  'GET /api/device/add': PLANT,
  'GET /api/device/detail': PLANT,
  'GET /api/device/popup/:id': PLANT,
  'GET /api/device/info/:id': PLANT,
  'POST /api/device/create': PLANT,
  'PUT /api/device/:id': PLANT,
  'DELETE /api/device/:id': PLANT,
  'GET /api/device/tags/:id': PLANT,
  // The address map decides what the console writes to the plant: administrators only.
  'PUT /api/device/tags/:id': ADMIN,
  'PUT /api/device/mode/:id': PLANT,
  'POST /api/device/event': PLANT,
  'PUT /api/command/toogle/:id': PLANT,
  'POST /api/device/update/occupancy': PLANT,
  'POST /api/settings/device/block': PLANT,

  'GET /api/command': PLANT,
  'GET /api/command/types': PLANT,
  'GET /api/command/type/:id/:kind': PLANT,
  'POST /api/command/type/:id/:kind': PLANT,
  'GET /api/command/flow/:id': PLANT,

  'GET /api/alarm-text/device/:id': PLANT,
  'POST /api/alarm-text': PLANT,
  'PUT /api/alarm-text/:id': PLANT,
  'DELETE /api/alarm-text/:id': PLANT,
  'POST /api/alarm-text/import': PLANT,
  'POST /api/alarm-text/message': PLANT,

  'GET /api/device-status': PLANT,
  'POST /api/device-status': PLANT,
  'PUT /api/device-status/:id': PLANT,
  'DELETE /api/device-status/:id': PLANT,

  // Roasting paths are plant configuration that supervisors keep, like device statuses.
  'GET /api/path': PLANT,
  'GET /api/path/form': PLANT,
  'POST /api/path': PLANT,
  'PUT /api/path/:id': PLANT,
  'DELETE /api/path/:id': PLANT,

  // Role 3 has no bell (spec): notifications are for supervisors and administrators.
  'GET /api/notification/active': PLANT,
  'GET /api/notification/push/all': PLANT,
  'GET /api/notification/all': PLANT,
  'PUT /api/notification/active/:id': PLANT,
  'POST /api/notification/ack/:id': PLANT,
  'POST /api/notification/ack/all/notification': PLANT,
  'POST /api/notification/shelve/:id': PLANT,
  'POST /api/notification/unshelve/:id': PLANT,
  'GET /api/notification/history/:id': PLANT,
  'GET /api/notification/flood': PLANT,
  'GET /api/notification/settings': PLANT,
  'GET /api/notification/sources': PLANT,
  'GET /api/notification/out-of-service': PLANT,
  'POST /api/notification/out-of-service': PLANT,
  'POST /api/notification/return-to-service': PLANT,

  // Alarm messages: the administrator configures them; the links in them carry their own proof.
  'GET /api/admin/alarm-delivery': ADMIN,
  'PUT /api/admin/alarm-delivery': ADMIN,
  'GET /api/admin/alarm-delivery/deliveries': ADMIN,
  'GET /api/alarm-ack': 'public',
  'POST /api/alarm-ack': 'public',

  'POST /api/event': PLANT,
  'POST /api/event/export': PLANT,

  // Beans are listed on the operator's dump screen; products and recipes are planning data.
  'GET /api/bean': 'signed-in',
  'POST /api/bean': PLANT,
  'PUT /api/bean/:id': PLANT,
  'GET /api/product': PLANT,
  'GET /api/product/recipe': PLANT,
  'GET /api/product/silo': 'signed-in',
  'POST /api/product': PLANT,
  'PUT /api/product/:id': PLANT,
  'DELETE /api/product/:id': PLANT,
  'GET /api/trace/lot/:lot': QUALITY,
  'GET /api/trace/order/:id': QUALITY,

  // Roast profiles: anyone may read how a product is roasted; plant staff change it.
  'GET /api/roast-profiles': 'signed-in',
  'GET /api/roast-profiles/form': 'signed-in',
  'GET /api/roast-profiles/:id': 'signed-in',
  'GET /api/roast-profiles/:id/versions/:version': 'signed-in',
  'GET /api/roast-profiles/:id/versions/:version/alog': 'signed-in',
  'POST /api/roast-profiles': PLANT,
  'PUT /api/roast-profiles/:id': PLANT,
  'POST /api/roast-profiles/alog/preview': PLANT,

  // The historian: everyone reads the trends; retention is an administrator's.
  'GET /api/historian/tags': 'signed-in',
  'GET /api/historian/series': 'signed-in',
  'GET /api/historian/series.csv': 'signed-in',
  'GET /api/historian/retention': 'signed-in',
  'PUT /api/historian/retention': ADMIN,

  // Roast records: the people at the roasters read them, mark their events and write notes.
  'GET /api/roast-records': 'signed-in',
  'GET /api/roast-records/order/:id': 'signed-in',
  'GET /api/roast-records/batch/:id': 'signed-in',
  'GET /api/roast-records/:id': 'signed-in',
  'GET /api/roast-records/:id/alog': 'signed-in',
  'PUT /api/roast-records/:id/marks': 'signed-in',
  'PUT /api/roast-records/:id/notes': 'signed-in',

  // The profile a roaster's batch follows now, for its live screen.
  'GET /api/roast-control/:roaster': 'signed-in',

  // Quality release: everyone reads specifications and lot statuses; quality technicians enter
  // results too; supervisors and administrators set specifications and sign decisions.
  'GET /api/quality/specs/:productId': 'signed-in',
  'PUT /api/quality/specs/:productId': PLANT,
  'GET /api/quality/lots': 'signed-in',
  'GET /api/quality/lots/:lotId': 'signed-in',
  'POST /api/quality/lots/:lotId/results': QUALITY,
  'POST /api/quality/lots/:lotId/decision': PLANT,

  // Food safety: the record book is plant staff's; supervisors and administrators set limits,
  // record corrective actions and packing checks (they run packing) and sign the days.
  'GET /api/food-safety/limits/:productId': 'signed-in',
  'PUT /api/food-safety/limits/:productId': PLANT,
  'GET /api/food-safety/days/:date': PLANT,
  'POST /api/food-safety/days/:date/signature': PLANT,
  'GET /api/food-safety/days/:date/records.pdf': PLANT,
  'GET /api/food-safety/batches/:batchId': PLANT,
  'GET /api/food-safety/batches/:batchId/record.pdf': PLANT,
  'POST /api/food-safety/monitoring/:id/correction': PLANT,
  'POST /api/food-safety/deviations/:id/corrective-action': PLANT,
  'POST /api/food-safety/packing-checks': PLANT,
  'GET /api/quality/holds/:lotNumber': 'signed-in',
  'POST /api/quality/holds': PLANT,

  'GET /api/report/summary': QUALITY,
  'GET /api/report/oee': QUALITY,
  'GET /api/report/production': QUALITY,
  'GET /api/report/cleaner_waste': QUALITY,
  'GET /api/report/shrinkage': QUALITY,
  'GET /api/report/packing': QUALITY,
  'GET /api/report/recall': QUALITY,
  'GET /api/recall': QUALITY,
  'GET /api/recall/search': QUALITY,
  'GET /api/recall/export': QUALITY,
  'GET /api/report/roast_consistency': QUALITY,
  'POST /api/report/export': QUALITY,

  // Settings: anyone signed in reads them (screens depend on them); plant staff change them.
  'GET /api/admin/settings': 'signed-in',
  'GET /api/admin/settings/r/:ref': 'signed-in',
  'POST /api/admin/settings': PLANT,
  'GET /api/admin/plant-data': ADMIN,
  'PUT /api/admin/plant-data': ADMIN,
  'GET /api/admin/health': PLANT,
  'GET /api/admin/health/:id': PLANT,
  'POST /api/admin/health/execute': ADMIN,
  'GET /api/admin/reports': QUALITY,
  'POST /api/admin/reports': ADMIN,
  'DELETE /api/admin/reports/:id': ADMIN,
  'GET /api/report/metabase': QUALITY,

  // Dumps are the operator's work: every signed-in role creates and acknowledges them.
  'GET /api/dump': 'signed-in',
  'GET /api/dump/pending': 'signed-in',
  'GET /api/dump/popup': 'signed-in',
  'GET /api/dump/workflows/status': 'signed-in',
  'POST /api/dump/create': 'signed-in',
  'POST /api/dump/silo/dumps': 'signed-in',
  'POST /api/dump/buttons': 'signed-in',
  'POST /api/dump/request/:id': 'signed-in',
  'POST /api/dump/close/:id': 'signed-in',
  'DELETE /api/dump/delete/req/:id': 'signed-in',
  'POST /api/dump/check/bean': 'signed-in',
  'POST /api/dump/check/bean/qty': 'signed-in',
  'POST /api/dump/create/notification': 'signed-in',

  // Transfers move beans between silos: supervisors and administrators plan them.
  // Starting orders and what comes before a start: the order screens (roles 1 and 2).
  'POST /api/orders/check-beans': PLANT,
  'POST /api/orders/bean-match': PLANT,
  'POST /api/orders/dump-request': PLANT,
  'PUT /api/orders/start': PLANT,
  'POST /api/orders/flow': PLANT,
  'POST /api/orders/fill-silo': PLANT,
  'GET /api/orders/:id/batches': PLANT,
  'GET /api/orders/:id/paths': PLANT,
  'POST /api/orders/packing/start': PLANT,
  'GET /api/orders/packing/:id/record': PLANT,

  'GET /api/transfer': PLANT,
  'POST /api/transfer': PLANT,
  'GET /api/transfer/bin': PLANT,
  'GET /api/transfer/acknowledge/:id': PLANT,
  'DELETE /api/transfer/:id': PLANT,
  'GET /api/transfer/routes': PLANT,
  // The route table mirrors the PLC program: an administrator's configuration.
  'PUT /api/transfer/routes/:conveyor': ADMIN,

  // The dashboard: operators watch the silos fill; the prompts are for plant staff.
  'GET /api/dashboard/bean': 'signed-in',
  'GET /api/dashboard/v2': PLANT,
  'GET /api/dashboard/system_status': PLANT,
  'GET /api/flow/waiting/devices': PLANT,
  'GET /api/dashboard/popup/single-silo': PLANT,
  'POST /api/dashboard/popup/single-silo': PLANT,
  'POST /api/dashboard/bean/device': PLANT,
  'POST /api/dashboard/continue-order': PLANT,
  'GET /api/dashboard/dump_popup': PLANT,
  'POST /api/dashboard/dump_popup': PLANT,
  'GET /api/dashboard/dump_popup/error': PLANT,
  'POST /api/dashboard/dump_popup/error': PLANT,

  // Orders: planning roasting and packing is the work of supervisors and administrators.
  'GET /api/orders': PLANT,
  'GET /api/orders/roasting': PLANT,
  'GET /api/orders/finished': PLANT,
  'GET /api/orders/active': PLANT,
  'GET /api/orders/form': PLANT,
  'GET /api/orders/form/fill': PLANT,
  'POST /api/orders': PLANT,
  'PUT /api/orders/:id': PLANT,
  'DELETE /api/order/:id': PLANT,
  'POST /api/orders/toogle/:id': PLANT,
  'POST /api/orders/priority': PLANT,
  'GET /api/orders/packing': PLANT,
  'GET /api/orders/packing/finished': PLANT,
  'GET /api/orders/packing/form': PLANT,
  'POST /api/orders/packing/create': PLANT,
  'POST /api/orders/packing/priority': PLANT,
  'DELETE /api/orders/packing/:id': PLANT,

  // Workflows: designing and running them is plant configuration.
  'GET /api/diagram/new/flow/list': PLANT,
  'POST /api/diagram/create': PLANT,
  'DELETE /api/diagram/:id': PLANT,
  'GET /api/diagram/flow/:id': PLANT,
  'GET /api/diagram/load/:id': PLANT,
  'POST /api/diagram/c/update': PLANT,
  'GET /api/diagram/edge': PLANT,
  'GET /api/diagram/rules': PLANT,
  'POST /api/diagram/rules': PLANT,
  'GET /api/workflow/:id': PLANT,
  'PUT /api/workflow/:id/settings': PLANT,
  'PUT /api/workflow/step': PLANT,
  'DELETE /api/workflow/step/:id': PLANT,
  'POST /api/workflow/:id/sort': PLANT,
  'POST /api/workflow/steps/import': PLANT,
  'GET /api/workflow/:id/device-sort': PLANT,
  'POST /api/workflow/:id/device-sort': PLANT,
  'GET /api/workflow/:id/products': PLANT,
  'POST /api/workflow/products': PLANT,
  'DELETE /api/workflow/products/:id': PLANT,
  'GET /api/workflow/:id/triggers': PLANT,
  'POST /api/workflow/triggers': PLANT,
  'DELETE /api/workflow/triggers/:id': PLANT,
  'GET /api/workflow/:id/check': PLANT,
  'POST /api/workflow/start': PLANT,
  'GET /api/workflow/:id/status': PLANT,
  'POST /api/workflow/:id/stop': PLANT,
  'POST /api/workflow/:id/resume': PLANT,
  'POST /api/workflow/:id/clear': PLANT,
  'POST /api/workflow/:id/clear-reset': PLANT,

  // The simulator page (/alarm/sim) is an administrator's tool.
  'GET /api/simulator': ADMIN,
  'POST /api/simulator/alarm': ADMIN,
  'POST /api/simulator/value': ADMIN,
};

/** HEAD follows GET, and a prefix's root answers with and without its trailing slash. */
export function accessKey(method: string, url: string): string {
  const path = url.length > 1 ? url.replace(/\/$/, '') : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}

/** The table entry that governs a route, or undefined when the table does not name it. */
export function entryFor(method: string, url: string): { key: string; access: Access } | undefined {
  const key = accessKey(method, url);
  const exact = permissions[key];
  if (exact) return { key, access: exact };
  const [verb, path = ''] = key.split(' ');
  for (const [pattern, access] of Object.entries(permissions)) {
    if (!pattern.endsWith('/**')) continue;
    const [pVerb, pPath = ''] = pattern.split(' ');
    const base = pPath.slice(0, -3);
    if (pVerb === verb && (path === base || path.startsWith(`${base}/`))) {
      return { key: pattern, access };
    }
  }
  return undefined;
}

export function describeAccess(access: Access): string {
  if (access === 'public') return 'anyone';
  if (access === 'signed-in') return 'any signed-in role';
  return access.map((r) => String(r)).join(', ');
}
