import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { FormListFieldData } from 'antd/es/form';
import { deviceTag, type DeviceTagDto, type DeviceTagView } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useDeviceTags } from '../api/get-device-tags.ts';
import { useSaveDeviceTags } from '../api/save-device-tags.ts';
import styles from './device-tags-section.module.css';

interface TagsValues {
  tags: DeviceTagView[];
}

const areaOptions = deviceTag.shape.area.options.map((area) => ({
  value: area,
  label: area === 'coil' ? 'Coil' : 'Holding register',
}));
const dataTypeOptions = deviceTag.shape.data_type.options.map((type) => ({
  value: type,
  label: type,
}));

/** The body the server takes: the editable fields only, without the display labels. */
function toDto(tag: DeviceTagView): DeviceTagDto {
  return {
    command_kind: tag.command_kind,
    command_id: tag.command_id,
    area: tag.area,
    address: tag.address,
    data_type: tag.data_type,
    scale: tag.scale,
    feedback_command_id: tag.feedback_command_id ?? null,
  };
}

interface TagsTableProps {
  code: string;
  tags: DeviceTagView[];
  editable: boolean;
}

function TagsTable({ code, tags, editable }: TagsTableProps) {
  const [form] = Form.useForm<TagsValues>();
  const { message } = useFeedback();
  const mutation = useSaveDeviceTags();

  const feedbackOptions = (tag: DeviceTagView) =>
    tags
      .filter((t) => t.command_kind === tag.command_kind && t.command_owner === 'plc')
      .map((t) => ({ value: t.command_id, label: t.command_label }));

  const columns: ColumnsType<FormListFieldData> = [
    {
      title: 'Command',
      key: 'command',
      render: (_value, field) => {
        const tag = tags[field.name];
        if (!tag) return null;
        return (
          <Space size={6}>
            <Typography.Text strong>{tag.command_label}</Typography.Text>
            <Tag bordered={false}>{tag.command_kind}</Tag>
            <Tag bordered={false} color={tag.command_owner === 'app' ? 'orange' : 'blue'}>
              {tag.command_owner}
            </Tag>
          </Space>
        );
      },
    },
    {
      title: 'Area',
      key: 'area',
      render: (_value, field) => (
        <Form.Item name={[field.name, 'area']} className={styles.cell} rules={[{ required: true }]}>
          <Select options={areaOptions} className={styles.area} aria-label="Area" />
        </Form.Item>
      ),
    },
    {
      title: 'Address',
      key: 'address',
      render: (_value, field) => (
        <Form.Item
          name={[field.name, 'address']}
          className={styles.cell}
          rules={[
            { required: true, message: 'Address required' },
            schemaRule(deviceTag.shape.address),
          ]}
        >
          <InputNumber<number> aria-label="Address" />
        </Form.Item>
      ),
    },
    {
      title: 'Data Type',
      key: 'data_type',
      render: (_value, field) => (
        <Form.Item name={[field.name, 'data_type']} className={styles.cell}>
          <Select options={dataTypeOptions} className={styles.dataType} aria-label="Data type" />
        </Form.Item>
      ),
    },
    {
      title: 'Scale',
      key: 'scale',
      render: (_value, field) => (
        <Form.Item
          name={[field.name, 'scale']}
          className={styles.cell}
          rules={[{ required: true, message: 'Scale required' }, schemaRule(deviceTag.shape.scale)]}
        >
          <InputNumber<number> aria-label="Scale" />
        </Form.Item>
      ),
    },
    {
      title: 'Feedback',
      key: 'feedback',
      render: (_value, field) => {
        const tag = tags[field.name];
        // Only what the console writes has a PLC feedback to compare against.
        if (!tag || tag.command_owner !== 'app') {
          return <Typography.Text type="secondary">—</Typography.Text>;
        }
        return (
          <Form.Item name={[field.name, 'feedback_command_id']} className={styles.cell}>
            <Select<number | null>
              allowClear
              placeholder="None"
              options={feedbackOptions(tag)}
              className={styles.feedback}
              aria-label="Feedback"
            />
          </Form.Item>
        );
      },
    },
  ];

  const save = (values: TagsValues) =>
    mutation.mutate(
      // The form holds the edited cells only; the rest of each row comes from the server's copy.
      { code, tags: tags.map((tag, index) => toDto({ ...tag, ...values.tags[index] })) },
      { onSuccess: () => void message.success(`PLC tags of ${code} saved`) },
    );

  return (
    <Form<TagsValues>
      form={form}
      initialValues={{ tags }}
      disabled={!editable}
      onFinish={save}
      onValuesChange={() => mutation.reset()}
    >
      {mutation.isError ? (
        <Alert
          type="error"
          showIcon
          className={styles.alert}
          title="The PLC tags were not saved"
          description={errorMessage(mutation.error)}
        />
      ) : null}
      <Form.List name="tags">
        {(fields) => (
          <Table<FormListFieldData>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={fields}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: <EmptyState description="This device type has no PLC commands." />,
            }}
          />
        )}
      </Form.List>
      {editable ? (
        <div className={styles.actions}>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              mutation.reset();
            }}
          >
            Reset
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={mutation.isPending}
          >
            Save PLC Tags
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

interface DeviceTagsSectionProps {
  code: string;
  /** Administrators edit the address map; supervisors see it. */
  editable: boolean;
}

/** The device's part of the PLC address map: where each command sits and how it is read. */
export function DeviceTagsSection({ code, editable }: DeviceTagsSectionProps) {
  const tags = useDeviceTags(code);

  return (
    <Card
      title="PLC tags"
      className={styles.card}
      extra={
        editable ? null : (
          <Typography.Text type="secondary">Read-only: administrators only</Typography.Text>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Modbus addresses of this device&apos;s commands. The server checks the whole plant map on
        save, so overlapping addresses are refused.
      </Typography.Paragraph>
      {tags.isError ? (
        <LoadError
          error={tags.error}
          retrying={tags.isFetching}
          onRetry={() => void tags.refetch()}
        />
      ) : tags.data ? (
        <TagsTable key={tags.dataUpdatedAt} code={code} tags={tags.data} editable={editable} />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      )}
    </Card>
  );
}
