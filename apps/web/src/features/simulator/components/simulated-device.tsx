import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { SimulatorState } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { numberRangeError } from '../../../lib/number-range.ts';
import { useSetSimulatorAlarm } from '../api/set-simulator-alarm.ts';
import { useSetSimulatorValue } from '../api/set-simulator-value.ts';

type SimulatedDeviceState = SimulatorState['devices'][number];
type SimulatedValue = SimulatedDeviceState['values'][number];

interface SimulatedDeviceProps {
  device: SimulatedDeviceState;
}

/** One simulated device: its alarm code and values, with controls to change them. */
export function SimulatedDevice({ device }: SimulatedDeviceProps) {
  const { message, notification } = useFeedback();
  const alarm = useSetSimulatorAlarm();
  const value = useSetSimulatorValue();
  const [alarmCode, setAlarmCode] = useState<number | null>(1);
  const [label, setLabel] = useState<string>();
  const [newValue, setNewValue] = useState<number | null>(null);
  // 0 is no alarm: the Clear button sends it.
  const codeError = numberRangeError(alarmCode, { min: 1, max: 65535, integer: true });
  const callbacks = {
    onSuccess: (reply: { message: string }) => void message.success(reply.message),
    onError: (error: unknown) =>
      notification.error({ title: 'Error', description: errorMessage(error) }),
  };

  const inject = (code: number) => alarm.mutate({ deviceCode: device.device_id, code }, callbacks);
  const setValue = () => {
    if (!label || newValue === null) return;
    value.mutate({ deviceCode: device.device_id, label, value: newValue }, callbacks);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title="Alarm">
        <Space wrap>
          <span>
            Current code:{' '}
            {device.alarm_code > 0 ? (
              <Tag color="red">{device.alarm_code}</Tag>
            ) : (
              <Tag color="green">None</Tag>
            )}
          </span>
          <Form.Item
            validateStatus={codeError ? 'error' : undefined}
            help={codeError}
            style={{ marginBottom: 0 }}
          >
            <InputNumber<number>
              value={alarmCode}
              onChange={setAlarmCode}
              aria-label="Alarm code"
            />
          </Form.Item>
          <Button
            type="primary"
            danger
            disabled={alarmCode === null || codeError !== undefined}
            loading={alarm.isPending}
            onClick={() => alarmCode !== null && inject(alarmCode)}
          >
            Inject alarm
          </Button>
          <Button disabled={device.alarm_code === 0} onClick={() => inject(0)}>
            Clear alarm
          </Button>
        </Space>
      </Card>
      <Card size="small" title="Change a value">
        <Space wrap>
          <Select
            placeholder="Value"
            style={{ minWidth: 220 }}
            value={label}
            onChange={setLabel}
            aria-label="Value to change"
            options={device.values.map((item) => ({ value: item.label, label: item.label }))}
          />
          <InputNumber<number> value={newValue} onChange={setNewValue} aria-label="New value" />
          <Button
            type="primary"
            disabled={!label || newValue === null}
            loading={value.isPending}
            onClick={setValue}
          >
            Set value
          </Button>
        </Space>
      </Card>
      <Table<SimulatedValue>
        size="small"
        rowKey="label"
        pagination={false}
        dataSource={device.values}
        columns={[
          { title: 'Label', dataIndex: 'label' },
          { title: 'Kind', dataIndex: 'kind', width: 90 },
          {
            title: 'Written by',
            dataIndex: 'owner',
            width: 110,
            render: (_v, item) => (item.owner === 'app' ? 'Console' : 'PLC'),
          },
          { title: 'Value', dataIndex: 'value', width: 110, align: 'right' },
        ]}
      />
    </Space>
  );
}
