import { policies } from '../../lib/authorization.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';
import { LiveUpdatesProvider } from '../live-updates-provider.tsx';
import { AppLayout } from './app-layout.tsx';
import { useSessionKeepAlive } from './use-session-keep-alive.ts';

/** The console's frame with the tab's live stream, which exists only while signed in. */
export function LiveAppLayout() {
  const session = useSignedInSession();
  useSessionKeepAlive();
  return (
    <LiveUpdatesProvider announceAlarms={policies.plantAlerts(session.role)}>
      <AppLayout />
    </LiveUpdatesProvider>
  );
}
