import { Navigate } from 'react-router';
import { Role, type RoleId } from '@roastery/contract';
import { paths } from '../../config/paths.ts';
import { isOperator } from '../../lib/authorization.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';

const loadDashboardPage = () =>
  import('../../features/dashboard/pages/dashboard-page.tsx').then((m) => m.DashboardPage);
const loadOperatorDumpPage = () =>
  import('../../features/dump/pages/operator-dump-page.tsx').then((m) => m.OperatorDumpPage);

const DashboardPage = lazyPage(loadDashboardPage);
const OperatorDumpPage = lazyPage(loadOperatorDumpPage);

/**
 * Starts loading the home page of a role, so that a visit that opens it need not wait for the
 * console's frame to load before asking for the page's own scripts.
 */
export function preloadHomePage(role: RoleId): void {
  if (role === Role.QualityTechnician) return;
  const load = isOperator(role) ? loadOperatorDumpPage : loadDashboardPage;
  // A failure shows when the page itself loads, through its route's error page.
  load().catch(() => undefined);
}

/**
 * The / route: the dump workflow for operators, the quality list for quality technicians (the
 * plant's dashboard is not theirs to read), the plant dashboard for everyone else.
 */
export function HomePage() {
  const session = useSignedInSession();
  if (session.role === Role.QualityTechnician) {
    return <Navigate to={paths.quality.getHref()} replace />;
  }
  return isOperator(session.role) ? <OperatorDumpPage /> : <DashboardPage />;
}
