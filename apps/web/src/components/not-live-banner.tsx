import Alert from 'antd/es/alert';
import { useLiveStatus } from '../lib/live-status.ts';
import { useLiveness } from '../lib/use-liveness.ts';
import { worstPlace, type ValuePlace } from '../lib/value-liveness.ts';

interface NotLiveBannerProps {
  /** The places of the screen that show PLC values, once loaded; the PLC link counts anyway. */
  places?: readonly ValuePlace[];
  className?: string;
}

/**
 * Over a screen that shows plant values: says so while they are not live, the PLC link's or
 * some places' own, and since when. Each value says it again in its place.
 */
export function NotLiveBanner({ places, className }: NotLiveBannerProps) {
  const { plc, plcError } = useLiveStatus();
  const liveness = useLiveness(places ? worstPlace(places) : undefined);
  if (liveness.live) return null;
  const linkDown = plc === 'down';
  const since = liveness.sinceText ? `${liveness.sinceText}. ` : '';
  return (
    <Alert
      className={className}
      type={linkDown ? 'error' : 'warning'}
      showIcon
      role="status"
      title={
        linkDown
          ? 'PLC offline: the plant values on this screen are not live'
          : 'Some plant values on this screen are not live'
      }
      description={`${since}Each value says so in its place and shows only what was last known, until the PLC reports it again.${linkDown && plcError ? ` ${plcError}` : ''}`}
    />
  );
}
