import { TagTrendHost } from '../../features/trends/components/tag-trend-host.tsx';
import { policies } from '../../lib/authorization.ts';
import { useSignedInSession } from '../../lib/signed-in-session.ts';
import { tokenUserId } from '../../lib/token-claims.ts';
import { LiveUpdatesProvider } from '../live-updates-provider.tsx';
import { AppLayout } from './app-layout.tsx';
import { useSessionKeepAlive } from './use-session-keep-alive.ts';

/** The console's frame with the user's live stream, which exists only while signed in. */
export function LiveAppLayout() {
  const session = useSignedInSession();
  useSessionKeepAlive();
  return (
    <LiveUpdatesProvider
      userId={tokenUserId(session.accessToken)}
      announceAlarms={policies.plantAlerts(session.role)}
    >
      <TagTrendHost>
        <AppLayout />
      </TagTrendHost>
    </LiveUpdatesProvider>
  );
}
