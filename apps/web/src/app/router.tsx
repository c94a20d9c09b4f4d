import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { paths } from '../config/paths.ts';
import { policies } from '../lib/authorization.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { getSession } from '../lib/session.ts';
import { RequireRole } from './guards/require-role.tsx';
import { RequireSession } from './guards/require-session.tsx';
import { HomePage, preloadHomePage } from './routes/home-page.tsx';
import { RouteErrorPage } from './routes/route-error-page.tsx';

// The sign-in screen is the first page most visits load, so the console's frame and every
// screen behind it load only after sign-in.
const LoginPage = lazyPage(() =>
  import('../features/auth/pages/login-page.tsx').then((m) => m.LoginPage),
);
const AppLayout = lazyPage(() => {
  // A visit that starts at the home page asks for its scripts with the frame's, in one round.
  const session = getSession();
  if (session && window.location.pathname === paths.home.path) preloadHomePage(session.role);
  return import('./layout/live-app-layout.tsx').then((m) => m.LiveAppLayout);
});
const NotFoundPage = lazyPage(() =>
  import('./routes/not-found-page.tsx').then((m) => m.NotFoundPage),
);

const ChangePasswordPage = lazyPage(() =>
  import('../features/auth/pages/change-password-page.tsx').then((m) => m.ChangePasswordPage),
);
const OrdersPage = lazyPage(() =>
  import('../features/orders/pages/orders-page.tsx').then((m) => m.OrdersPage),
);
const DevicesPage = lazyPage(() =>
  import('../features/devices/pages/devices-page.tsx').then((m) => m.DevicesPage),
);
const LogsPage = lazyPage(() =>
  import('../features/logs/pages/logs-page.tsx').then((m) => m.LogsPage),
);
const ReportsPage = lazyPage(() =>
  import('../features/reports/pages/reports-page.tsx').then((m) => m.ReportsPage),
);
const TransferPage = lazyPage(() =>
  import('../features/transfer/pages/transfer-page.tsx').then((m) => m.TransferPage),
);
const DumpTransferPage = lazyPage(() =>
  import('./routes/dump-transfer-route.tsx').then((m) => m.DumpTransferRoute),
);
const GeneralSettingsPage = lazyPage(() =>
  import('../features/products/pages/general-settings-page.tsx').then((m) => m.GeneralSettingsPage),
);
const TracePage = lazyPage(() => import('./routes/trace-route.tsx').then((m) => m.TraceRoute));
const RecallPage = lazyPage(() =>
  import('../features/recall/pages/recall-page.tsx').then((m) => m.RecallPage),
);
const NotificationsPage = lazyPage(() =>
  import('./routes/notifications-route.tsx').then((m) => m.NotificationsRoute),
);
const RoastProfilesPage = lazyPage(() =>
  import('../features/roast-profiles/pages/roast-profiles-page.tsx').then(
    (m) => m.RoastProfilesPage,
  ),
);
const NewRoastProfilePage = lazyPage(() =>
  import('../features/roast-profiles/pages/new-roast-profile-page.tsx').then(
    (m) => m.NewRoastProfilePage,
  ),
);
const RoastProfilePage = lazyPage(() =>
  import('../features/roast-profiles/pages/roast-profile-page.tsx').then((m) => m.RoastProfilePage),
);
const RoastRecordsPage = lazyPage(() =>
  import('../features/roast-records/pages/roast-records-page.tsx').then((m) => m.RoastRecordsPage),
);
const RoastRecordPage = lazyPage(() =>
  import('../features/roast-records/pages/roast-record-page.tsx').then((m) => m.RoastRecordPage),
);
const RoastRecordOfBatchPage = lazyPage(() =>
  import('../features/roast-records/pages/roast-record-page.tsx').then(
    (m) => m.RoastRecordOfBatchPage,
  ),
);
const QualityPage = lazyPage(() =>
  import('../features/quality/pages/quality-page.tsx').then((m) => m.QualityPage),
);
const QualityLotPage = lazyPage(() =>
  import('../features/quality/pages/quality-lot-page.tsx').then((m) => m.QualityLotPage),
);
const FoodSafetyPage = lazyPage(() =>
  import('../features/food-safety/pages/food-safety-page.tsx').then((m) => m.FoodSafetyPage),
);
const TrendsPage = lazyPage(() =>
  import('../features/trends/pages/trends-page.tsx').then((m) => m.TrendsPage),
);
const SimulatorPage = lazyPage(() =>
  import('../features/simulator/pages/simulator-page.tsx').then((m) => m.SimulatorPage),
);

const UsersPage = lazyPage(() =>
  import('../features/users/pages/users-page.tsx').then((m) => m.UsersPage),
);
const AuditPage = lazyPage(() =>
  import('../features/audit/pages/audit-page.tsx').then((m) => m.AuditPage),
);
const AdminDevicesPage = lazyPage(() =>
  import('../features/device-admin/pages/admin-devices-page.tsx').then((m) => m.AdminDevicesPage),
);
const DeviceStatusPage = lazyPage(() =>
  import('../features/device-status/pages/device-status-page.tsx').then((m) => m.DeviceStatusPage),
);
const PathsPage = lazyPage(() =>
  import('../features/paths/pages/paths-page.tsx').then((m) => m.PathsPage),
);
const AddDevicePage = lazyPage(() =>
  import('../features/device-admin/pages/add-device-page.tsx').then((m) => m.AddDevicePage),
);
const UpdateDevicePage = lazyPage(() =>
  import('../features/device-admin/pages/update-device-page.tsx').then((m) => m.UpdateDevicePage),
);
const DeviceAlarmPage = lazyPage(() =>
  import('../features/alarm-texts/pages/device-alarm-page.tsx').then((m) => m.DeviceAlarmPage),
);
const AlarmMessagePage = lazyPage(() =>
  import('../features/alarm-texts/pages/alarm-message-page.tsx').then((m) => m.AlarmMessagePage),
);
const CommandsPage = lazyPage(() =>
  import('../features/commands/pages/commands-page.tsx').then((m) => m.CommandsPage),
);
const TypeCommandsPage = lazyPage(() =>
  import('../features/commands/pages/type-commands-page.tsx').then((m) => m.TypeCommandsPage),
);
const FlowsPage = lazyPage(() =>
  import('../features/workflows/pages/flows-page.tsx').then((m) => m.FlowsPage),
);
const FlowPage = lazyPage(() =>
  import('../features/workflows/pages/flow-page.tsx').then((m) => m.FlowPage),
);
const FlowSortPage = lazyPage(() =>
  import('../features/workflows/pages/flow-sort-page.tsx').then((m) => m.FlowSortPage),
);
const FlowTestPage = lazyPage(() =>
  import('../features/workflows/pages/flow-test-page.tsx').then((m) => m.FlowTestPage),
);
const DeviceFlowEditPage = lazyPage(() =>
  import('../features/workflows/pages/device-flow-edit-page.tsx').then((m) => m.DeviceFlowEditPage),
);
const AdminReportsPage = lazyPage(() =>
  import('../features/admin-reports/pages/admin-reports-page.tsx').then((m) => m.AdminReportsPage),
);
const HealthPage = lazyPage(() =>
  import('../features/health/pages/health-page.tsx').then((m) => m.HealthPage),
);
const HealthDetailPage = lazyPage(() =>
  import('../features/health/pages/health-detail-page.tsx').then((m) => m.HealthDetailPage),
);
const AlarmDeliveryPage = lazyPage(() =>
  import('../features/alarm-delivery/pages/alarm-delivery-page.tsx').then(
    (m) => m.AlarmDeliveryPage,
  ),
);
const AlarmAckPage = lazyPage(() =>
  import('../features/alarm-delivery/pages/alarm-ack-page.tsx').then((m) => m.AlarmAckPage),
);
const PlantDataPage = lazyPage(() =>
  import('../features/plant-data/pages/plant-data-page.tsx').then((m) => m.PlantDataPage),
);
const AdminSettingsPage = lazyPage(() =>
  import('../features/settings/pages/admin-settings-page.tsx').then((m) => m.AdminSettingsPage),
);

/** The plant's screens: administrators and supervisors; operators go back to their dashboard. */
const plantRoutes: RouteObject[] = [
  { path: paths.ordersPending.path, element: <OrdersPage tab="pending" /> },
  { path: paths.ordersRoasting.path, element: <OrdersPage tab="roasting" /> },
  { path: paths.ordersPacking.path, element: <OrdersPage tab="packing" /> },
  { path: paths.ordersCompleted.path, element: <OrdersPage tab="roasting-completed" /> },
  { path: paths.ordersPackingFinished.path, element: <OrdersPage tab="packing-completed" /> },
  { path: paths.devices.path, element: <DevicesPage /> },
  { path: paths.logs.path, element: <LogsPage /> },
  { path: paths.transfer.path, element: <TransferPage /> },
  { path: paths.dumpTransfer.path, element: <DumpTransferPage /> },
  { path: paths.generalSettings.path, element: <GeneralSettingsPage /> },
  { path: paths.notifications.path, element: <NotificationsPage /> },
  { path: paths.roastProfileNew.path, element: <NewRoastProfilePage /> },
  { path: paths.foodSafety.path, element: <FoodSafetyPage /> },
];

/** The lots' quality, the reports and trace: the plant's staff and its quality technicians. */
const qualityRoutes: RouteObject[] = [
  { path: paths.reports.path, element: <ReportsPage /> },
  { path: paths.trace.path, element: <TracePage /> },
  { path: paths.recall.path, element: <RecallPage /> },
  { path: paths.quality.path, element: <QualityPage /> },
  { path: paths.qualityLot.path, element: <QualityLotPage /> },
];

/**
 * The admin routes. The browser lets administrators and supervisors in, as the spec says;
 * the server decides per call (the user list, for one, is for administrators only).
 */
const adminRoutes: RouteObject[] = [
  { path: paths.admin.users.path, element: <UsersPage /> },
  { path: paths.admin.devices.path, element: <AdminDevicesPage /> },
  { path: paths.admin.deviceStatus.path, element: <DeviceStatusPage /> },
  { path: paths.admin.roastingPaths.path, element: <PathsPage /> },
  { path: paths.admin.addDevice.path, element: <AddDevicePage /> },
  { path: paths.admin.deviceUpdate.path, element: <UpdateDevicePage /> },
  { path: paths.admin.deviceAlarm.path, element: <DeviceAlarmPage /> },
  { path: paths.admin.deviceAlarmMessage.path, element: <AlarmMessagePage /> },
  { path: paths.admin.commands.path, element: <CommandsPage /> },
  { path: paths.admin.typeBinaryCommands.path, element: <TypeCommandsPage kind="binary" /> },
  { path: paths.admin.typeInputCommands.path, element: <TypeCommandsPage kind="input" /> },
  { path: paths.admin.flows.path, element: <FlowsPage /> },
  { path: paths.admin.flow.path, element: <FlowPage /> },
  { path: paths.admin.flowSort.path, element: <FlowSortPage /> },
  { path: paths.admin.flowTest.path, element: <FlowTestPage /> },
  { path: paths.admin.deviceFlowEdit.path, element: <DeviceFlowEditPage /> },
  { path: paths.admin.reports.path, element: <AdminReportsPage /> },
  { path: paths.admin.settings.path, element: <AdminSettingsPage /> },
  { path: paths.admin.health.path, element: <HealthPage /> },
  { path: paths.admin.healthDetail.path, element: <HealthDetailPage /> },
  { path: paths.admin.plantData.path, element: <PlantDataPage /> },
  { path: paths.admin.alarmDelivery.path, element: <AlarmDeliveryPage /> },
];

const routes: RouteObject[] = [
  {
    path: paths.login.path,
    element: (
      <Suspense fallback={<PageLoading />}>
        <LoginPage />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
  },
  // Public: an alarm message's link carries its own signed proof of who acknowledges.
  {
    path: paths.alarmAck.path,
    element: (
      <Suspense fallback={<PageLoading />}>
        <AlarmAckPage />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
  },
  {
    element: <RequireSession />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: paths.changePassword.path, element: <ChangePasswordPage /> },
          // Every role reads the roast profiles; the server lets only supervisors and
          // administrators change them, and the screens show them alone how.
          { path: paths.roastProfiles.path, element: <RoastProfilesPage /> },
          { path: paths.roastProfile.path, element: <RoastProfilePage /> },
          // Every role reads the trends (the server's rule for the historian's reads).
          { path: paths.trends.path, element: <TrendsPage /> },
          // Every role reads the roast records, and the operators at the roaster write their notes.
          { path: paths.roastRecords.path, element: <RoastRecordsPage /> },
          { path: paths.roastRecordOfBatch.path, element: <RoastRecordOfBatchPage /> },
          { path: paths.roastRecord.path, element: <RoastRecordPage /> },
          {
            element: <RequireRole allow={policies.plantScreens} />,
            children: [...plantRoutes, ...adminRoutes],
          },
          {
            element: <RequireRole allow={policies.qualityScreens} />,
            children: qualityRoutes,
          },
          {
            element: <RequireRole allow={policies.administration} />,
            children: [
              { path: paths.alarmSimulator.path, element: <SimulatorPage /> },
              { path: paths.admin.audit.path, element: <AuditPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
