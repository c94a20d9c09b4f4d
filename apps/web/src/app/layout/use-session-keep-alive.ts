import { useEffect, useRef } from 'react';
import { me, SettingRef } from '@roastery/contract';
import { useFeedback } from '../../components/feedback.tsx';
import { apiRequest, renewSession } from '../../lib/api-client.ts';
import { useSetting } from '../../lib/get-setting.ts';
import { currentAccessToken } from '../../lib/session.ts';
import {
  KEEP_ALIVE_MS,
  minutesLeftToWarn,
  needsRenewal,
  tokenExpiry,
} from '../../lib/session-expiry.ts';

const WARNING_KEY = 'session-expiring';
const DEFAULT_WARNING_MINUTES = 5;

/**
 * The background call of the spec, every 2 minutes: it renews the access token before it
 * expires and checks the session with the server. When the server cannot be reached and the
 * token is about to expire, the user is warned that the session is ending.
 */
export function useSessionKeepAlive(): void {
  const { notification } = useFeedback();
  const warnSetting = Number(useSetting(SettingRef.SessionWarning).data?.value);
  const warnMinutes = useRef(DEFAULT_WARNING_MINUTES);
  useEffect(() => {
    warnMinutes.current = Number.isFinite(warnSetting) ? warnSetting : DEFAULT_WARNING_MINUTES;
  }, [warnSetting]);

  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      const expiresAt = tokenExpiry(currentAccessToken());
      try {
        if (needsRenewal(expiresAt, Date.now()) && !(await renewSession())) return;
        await apiRequest('/user/me', me);
        notification.destroy(WARNING_KEY);
      } catch {
        if (stopped) return;
        const minutes = minutesLeftToWarn(expiresAt, Date.now(), warnMinutes.current);
        if (minutes === undefined) return;
        notification.warning({
          key: WARNING_KEY,
          title: 'Your session is about to expire',
          description: `It ends in ${minutes} minute${minutes === 1 ? '' : 's'}: the console cannot reach the server to renew it. Finish what you are doing and check the connection.`,
          duration: 0,
        });
      }
    };
    const timer = window.setInterval(() => void tick(), KEEP_ALIVE_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [notification]);
}
