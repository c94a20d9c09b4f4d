import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { paths } from '../../config/paths.ts';
import { SignedInSessionContext } from '../../lib/signed-in-session.ts';
import { useSession } from '../../lib/use-session.ts';

/** Screens behind it need a signed-in user; without one the browser goes to sign-in. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={paths.login.getHref()} replace />;
  return (
    <SignedInSessionContext value={session}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SignedInSessionContext>
  );
}
