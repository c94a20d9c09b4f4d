import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import type { DeviceDetail } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { numberRangeError } from '../../../lib/number-range.ts';
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
  const outOfRange = numberRangeError(draft, {
    min: 0,
    max: graph.capacity,
    message: `Occupancy must be between 0 and ${formatAmount(graph.capacity, unit)}.`,
  });

  const save = () => {
    if (draft === null || outOfRange) return;
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
      <OccupancyGauge occupied={graph.occupied} capacity={graph.capacity} unit={unit} size={120} />
      <Space direction="vertical" size={4}>
        <span>
          {formatAmount(graph.occupied, unit)} of {formatAmount(graph.capacity, unit)}
        </span>
        {/* A field of no form: the item only shows the range's message under the field. */}
        <Form.Item
          validateStatus={outOfRange ? 'error' : undefined}
          help={outOfRange}
          style={{ marginBottom: 0 }}
        >
          <Space.Compact>
            <InputNumber<number>
              size="large"
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
              disabled={draft === null || outOfRange !== undefined}
              loading={mutation.isPending}
              onClick={save}
            >
              Update
            </Button>
          </Space.Compact>
        </Form.Item>
      </Space>
    </Space>
  );
}
