import { useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import type { ValueTrendTarget } from '../../../components/value-trend.tsx';
import { paths } from '../../../config/paths.ts';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import { useTrendSeries } from '../api/get-trend-series.ts';
import { WHOLE_RANGE, isLive, type TrendRange, type ZoomWindow } from '../lib/trend-range.ts';
import { TrendView } from './trend-view.tsx';

const LAST_HOUR: TrendRange = { kind: 'quick', key: '1h' };

interface TagTrendModalProps {
  target: ValueTrendTarget;
  onClose: () => void;
}

/** One value's last hour, live, with the way to the trend screen for more. */
export function TagTrendModal({ target, onClose }: TagTrendModalProps) {
  const phone = usePhoneWidth();
  const [zoom, setZoom] = useState<ZoomWindow>(WHOLE_RANGE);
  const query = useTrendSeries({ tags: [target.tag], range: LAST_HOUR, zoom });
  return (
    <Modal
      open
      // The key names the device first: `R1/input/5`.
      title={`${target.tag.split('/')[0]} ${target.label}: last hour`}
      width={phone ? '100%' : 900}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space size="large">
          <Link to={paths.trends.getHref({ tags: [target.tag], range: '1h' })} onClick={onClose}>
            Open in Trends
          </Link>
          <Button onClick={onClose}>Close</Button>
        </Space>
      }
    >
      <TrendView
        query={query}
        zoom={zoom}
        rangeKey="1h"
        live={isLive(LAST_HOUR, zoom)}
        onZoom={setZoom}
        height={phone ? 280 : 360}
      />
    </Modal>
  );
}
