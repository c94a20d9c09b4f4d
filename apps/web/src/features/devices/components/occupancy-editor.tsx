import { useState } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import type { DeviceDetail } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateOccupancy } from '../api/update-occupancy.ts';
import { formatAmount } from '../lib/format-value.ts';
import { OccupancyGauge } from './occupancy-gauge.tsx';

interface OccupancyEditorProps {
  detail: DeviceDetail;
  graph: NonNullable<DeviceDetail['graph']>;
}

/** The occupancy gauge of a silo or bin, with a field to correct it by hand. */
export function OccupancyEditor({ detail, graph }: OccupancyEditorProps) {
  const { message, notification } = useFeedback();
  const mutation = useUpdateOccupancy();
  const [draft, setDraft] = useState<number | null>(null);
  const unit = detail.device.device_unit;

  const save = () => {
    if (draft === null) return;
    mutation.mutate(
      { deviceCode: detail.device.device_id, occupancy: draft },
      {
        onSuccess: () => {
          setDraft(null);
          void message.success('Occupancy updated');
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  return (
    <Space size="large" align="center" wrap>
      <OccupancyGauge
        occupied={graph.occupied}
        capacity={graph.capacity}
        unit={unit}
        quality={detail.quality}
        size={120}
      />
      <Space direction="vertical" size={4}>
        <span>
          {formatAmount(graph.occupied, unit)} of {formatAmount(graph.capacity, unit)}
        </span>
        <Space.Compact>
          <InputNumber<number>
            size="large"
            min={0}
            max={graph.capacity}
            value={draft}
            placeholder={String(graph.occupied)}
            suffix={unit || undefined}
            aria-label="New occupancy"
            onChange={setDraft}
            onPressEnter={save}
            style={{ width: 170 }}
          />
          <Button
            size="large"
            type="primary"
            disabled={draft === null}
            loading={mutation.isPending}
            onClick={save}
          >
            Update
          </Button>
        </Space.Compact>
      </Space>
    </Space>
  );
}
