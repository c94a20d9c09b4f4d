import { useState } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import { StopOutlined } from '@ant-design/icons';
import type { AlarmSourceOutOfService } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import {
  useAlarmSources,
  useOutOfServiceSources,
  useRemoveFromService,
  useReturnToService,
} from '../api/alarm-sources.ts';

interface PickValues {
  source: string;
  reason: string;
}

interface AlarmSourcesDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The alarm sources out of service, and taking any source out before it alarms: a technician
 * does so before working on a device, so that the alarms the work causes are recorded, not
 * announced.
 */
export function AlarmSourcesDrawer({ open, onClose }: AlarmSourcesDrawerProps) {
  const [picking, setPicking] = useState(false);
  const [form] = Form.useForm<PickValues>();
  const sources = useAlarmSources(open);
  const outOfService = useOutOfServiceSources();
  const removeFromService = useRemoveFromService();
  const returnToService = useReturnToService();
  const { message, notification } = useFeedback();
  const showError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const labels = new Map((sources.data ?? []).map((s) => [s.source, s.label]));
  const labelOf = (source: string) => labels.get(source) ?? source;
  const out = new Set((outOfService.data ?? []).map((s) => s.source));
  const choices = (sources.data ?? [])
    .filter((s) => !out.has(s.source))
    .map((s) => ({ value: s.source, label: s.label }));

  const onPick = (values: PickValues) =>
    removeFromService.mutate(
      { source: values.source, reason: values.reason.trim() },
      {
        onSuccess: (reply) => {
          setPicking(false);
          void message.success(reply.message);
        },
        onError: showError,
      },
    );

  const columns: ColumnsType<AlarmSourceOutOfService> = [
    { title: 'Source', dataIndex: 'source', render: (source: string) => labelOf(source) },
    { title: 'Reason', dataIndex: 'reason' },
    {
      title: 'Since',
      dataIndex: 'at',
      width: 150,
      render: (at: string) => formatNotificationTime(at),
    },
    {
      title: 'Action',
      key: 'action',
      width: 160,
      render: (_value, item) => (
        <Button
          size="small"
          aria-label={`Return to service: ${labelOf(item.source)}`}
          loading={returnToService.isPending && returnToService.variables === item.source}
          onClick={() =>
            returnToService.mutate(item.source, {
              onSuccess: (reply) => void message.success(reply.message),
              onError: showError,
            })
          }
        >
          Return to service
        </Button>
      ),
    },
  ];

  return (
    <Drawer title="Alarm sources out of service" open={open} size={720} onClose={onClose}>
      <Button type="primary" icon={<StopOutlined />} onClick={() => setPicking(true)}>
        Take a source out of service
      </Button>
      <Table<AlarmSourceOutOfService>
        style={{ marginTop: 16 }}
        rowKey="source"
        columns={columns}
        dataSource={outOfService.data ?? []}
        loading={outOfService.isPending}
        pagination={false}
        locale={{
          emptyText: (
            <EmptyState description="Every alarm source is in service: its alarms are announced." />
          ),
        }}
      />
      <FormModal<PickValues>
        title="Take an alarm source out of service"
        open={picking}
        form={form}
        okText="Out of service"
        submitting={removeFromService.isPending}
        onSubmit={onPick}
        onCancel={() => setPicking(false)}
      >
        <p>
          Every alarm from this source is recorded but not announced until it is returned to
          service.
        </p>
        <Form.Item
          name="source"
          label="Alarm source"
          rules={[{ required: true, message: 'Please choose an alarm source.' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={sources.isPending}
            options={choices}
            placeholder="A device or the console"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[{ required: true, whitespace: true, message: 'Please give a reason.' }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </FormModal>
    </Drawer>
  );
}
