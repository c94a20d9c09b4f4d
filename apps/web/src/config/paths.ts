/**
 * Every route of the console. Links and redirects use getHref; the router uses path. Nothing
 * else in the app builds a path by hand.
 */

/** The tabs of the reports screen, in the order they are shown; the query t holds the key. */
export const reportTabs = [
  'summary',
  'oee',
  'production',
  'cleaner-waste',
  'shrinkage-weight',
  'roast-consistency',
  'packing-report',
  'other',
] as const;
export type ReportTab = (typeof reportTabs)[number];

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function withParam(pattern: string, name: string, value: string | number): string {
  return pattern.replace(`:${name}`, encodeURIComponent(String(value)));
}

export const paths = {
  login: { path: '/login', getHref: () => '/login' },
  alarmAck: { path: '/alarm-ack', getHref: () => '/alarm-ack' },
  home: { path: '/', getHref: () => '/' },

  ordersPending: {
    path: '/orders-pending',
    getHref: (query: { open?: boolean } = {}) =>
      withQuery('/orders-pending', { open: query.open ? 'true' : undefined }),
  },
  ordersRoasting: { path: '/orders-roasting', getHref: () => '/orders-roasting' },
  ordersPacking: { path: '/orders-packing', getHref: () => '/orders-packing' },
  ordersCompleted: { path: '/orders-completed', getHref: () => '/orders-completed' },
  ordersPackingFinished: {
    path: '/order-packing-finished',
    getHref: () => '/order-packing-finished',
  },

  devices: {
    path: '/device',
    getHref: (query: { tab?: number; id?: string } = {}) =>
      withQuery('/device', { t: query.tab, id: query.id }),
  },
  logs: { path: '/logs', getHref: () => '/logs' },
  reports: {
    path: '/reports',
    getHref: (tab?: ReportTab) => withQuery('/reports', { t: tab }),
  },
  transfer: { path: '/transfer', getHref: () => '/transfer' },
  dumpTransfer: { path: '/dump/transfer', getHref: () => '/dump/transfer' },
  generalSettings: { path: '/product', getHref: () => '/product' },
  trace: {
    path: '/trace',
    /** lot: a lot number to trace forward; order: an order id to trace back to its green lots. */
    getHref: (query: { lot?: string; order?: number } = {}) =>
      withQuery('/trace', { lot: query.lot, order: query.order }),
  },
  /** A mock recall; q: what was searched for, kind and key: the starting point picked. */
  recall: {
    path: '/recall',
    getHref: (query: { kind?: string; key?: string } = {}) =>
      withQuery('/recall', { kind: query.kind, key: query.key }),
  },
  notifications: { path: '/notification', getHref: () => '/notification' },
  trends: {
    path: '/trends',
    /** tags: historian tag keys (R1/input/5); range: a quick range's key, such as 1h. */
    getHref: (query: { tags?: readonly string[]; range?: string } = {}) =>
      withQuery('/trends', { tags: query.tags?.join(','), range: query.range }),
  },
  roastProfiles: { path: '/roast-profiles', getHref: () => '/roast-profiles' },
  roastProfileNew: { path: '/roast-profiles/new', getHref: () => '/roast-profiles/new' },
  roastProfile: {
    path: '/roast-profiles/:id',
    getHref: (id: number) => withParam('/roast-profiles/:id', 'id', id),
  },
  roastRecords: {
    path: '/roasts',
    /** The list's filters; order: an order id, whose batches' roasts the list shows. */
    getHref: (query: { order?: number } = {}) => withQuery('/roasts', { order: query.order }),
  },
  roastRecord: {
    path: '/roasts/:id',
    getHref: (id: number) => withParam('/roasts/:id', 'id', id),
  },
  /** A batch's roast, from the screens that know the batch and not its record. */
  roastRecordOfBatch: {
    path: '/roasts/batch/:batchId',
    getHref: (batchId: number) => withParam('/roasts/batch/:batchId', 'batchId', batchId),
  },
  quality: {
    path: '/quality',
    /** status: the lots of one quality status; every lot when absent. */
    getHref: (query: { status?: string } = {}) => withQuery('/quality', { status: query.status }),
  },
  qualityLot: {
    path: '/quality/lots/:lotId',
    getHref: (lotId: number) => withParam('/quality/lots/:lotId', 'lotId', lotId),
  },
  foodSafety: {
    path: '/food-safety',
    /** date: the day shown (YYYY-MM-DD, UTC), today when absent; packing: a packing order to check. */
    getHref: (query: { date?: string; packing?: number } = {}) =>
      withQuery('/food-safety', { date: query.date, packing: query.packing }),
  },
  alarmSimulator: { path: '/alarm/sim', getHref: () => '/alarm/sim' },
  changePassword: { path: '/change-password', getHref: () => '/change-password' },

  admin: {
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
    devices: { path: '/admin/devices', getHref: () => '/admin/devices' },
    deviceStatus: { path: '/admin/device-status', getHref: () => '/admin/device-status' },
    roastingPaths: { path: '/admin/path', getHref: () => '/admin/path' },
    flows: {
      path: '/admin/flow',
      /** device: the code of a device no workflow uses yet (from the device's editor route). */
      getHref: (query: { device?: string } = {}) =>
        withQuery('/admin/flow', { device: query.device }),
    },
    commands: {
      path: '/admin/command',
      getHref: (query: { tab?: number } = {}) => withQuery('/admin/command', { t: query.tab }),
    },
    typeBinaryCommands: {
      path: '/admin/command/:id/binary',
      getHref: (typeId: number) => withParam('/admin/command/:id/binary', 'id', typeId),
    },
    typeInputCommands: {
      path: '/admin/command/:id/input',
      getHref: (typeId: number) => withParam('/admin/command/:id/input', 'id', typeId),
    },
    reports: { path: '/admin/reports', getHref: () => '/admin/reports' },
    settings: { path: '/admin/settings', getHref: () => '/admin/settings' },
    plantData: { path: '/admin/plant-data', getHref: () => '/admin/plant-data' },
    alarmDelivery: { path: '/admin/alarm-delivery', getHref: () => '/admin/alarm-delivery' },
    health: { path: '/admin/health', getHref: () => '/admin/health' },
    healthDetail: {
      path: '/admin/health/:id',
      getHref: (id: string) => withParam('/admin/health/:id', 'id', id),
    },
    addDevice: { path: '/admin/add-device', getHref: () => '/admin/add-device' },
    deviceUpdate: {
      path: '/admin/device/:deviceId',
      getHref: (deviceId: string) => withParam('/admin/device/:deviceId', 'deviceId', deviceId),
    },
    deviceFlowEdit: {
      path: '/admin/flow/edit/:deviceId',
      getHref: (deviceId: string) => withParam('/admin/flow/edit/:deviceId', 'deviceId', deviceId),
    },
    deviceAlarm: {
      path: '/admin/device/alarm/:deviceId',
      getHref: (deviceId: string) =>
        withParam('/admin/device/alarm/:deviceId', 'deviceId', deviceId),
    },
    deviceAlarmMessage: {
      path: '/admin/device/alarm/:deviceId/message',
      getHref: (deviceId: string) =>
        withParam('/admin/device/alarm/:deviceId/message', 'deviceId', deviceId),
    },
    flow: {
      path: '/admin/flow/:id',
      getHref: (id: number) => withParam('/admin/flow/:id', 'id', id),
    },
    flowSort: {
      path: '/admin/flow/sort/:id',
      getHref: (id: number) => withParam('/admin/flow/sort/:id', 'id', id),
    },
    flowTest: {
      path: '/admin/test/flow/:id',
      getHref: (id: number) => withParam('/admin/test/flow/:id', 'id', id),
    },
  },
} as const;
