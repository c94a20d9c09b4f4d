import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import { FeedbackProvider } from '../components/feedback.tsx';
import { cspNonce } from '../lib/strict-csp.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { theme } from './theme.ts';

// antd stamps its run-time <style> elements with the nonce the page's CSP allows.
const csp = { nonce: cspNonce };

function sessionIdentity(): string {
  const session = getSession();
  return session ? `${session.role}:${session.name}` : '';
}

/**
 * Forgets every cached reply when the user signs out or another user signs in (possibly in
 * another tab), so nobody sees the previous user's data.
 */
function useClearCacheOnUserChange(queryClient: QueryClient): void {
  useEffect(() => {
    let identity = sessionIdentity();
    return subscribeSession(() => {
      const next = sessionIdentity();
      if (next !== identity) queryClient.clear();
      identity = next;
    });
  }, [queryClient]);
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useClearCacheOnUserChange(queryClient);

  return (
    <ConfigProvider theme={theme} csp={csp}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
