import { Navigate, Outlet } from 'react-router';
import type { RoleId } from '@roastery/contract';
import { paths } from '../../config/paths.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';

interface RequireRoleProps {
  allow: (role: RoleId) => boolean;
}

/** Screens behind it are for some roles only; anyone else goes to the dashboard. */
export function RequireRole({ allow }: RequireRoleProps) {
  const session = useSignedInSession();
  if (!allow(session.role)) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
