import { isOperator } from '../../lib/authorization.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';

const DashboardPage = lazyPage(() =>
  import('../../features/dashboard/pages/dashboard-page.tsx').then((m) => m.DashboardPage),
);
const OperatorDumpPage = lazyPage(() =>
  import('../../features/dump/pages/operator-dump-page.tsx').then((m) => m.OperatorDumpPage),
);

/** The / route: the dump workflow for operators, the plant dashboard for everyone else. */
export function HomePage() {
  const session = useSignedInSession();
  return isOperator(session.role) ? <OperatorDumpPage /> : <DashboardPage />;
}
