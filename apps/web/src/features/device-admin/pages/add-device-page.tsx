import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import { PlusOutlined } from '@ant-design/icons';
import { createDeviceBody, type CreateDeviceBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useCreateDevice } from '../api/create-device.ts';
import { useDeviceFormData, type DeviceFormData } from '../api/get-device-form-data.ts';
import { BackToDevices } from '../components/back-to-devices.tsx';
import { DeviceFeaturesField, type FeatureValue } from '../components/device-features-field.tsx';
import {
  DeviceFields,
  hasCapacity,
  nameplateOf,
  type DeviceFieldValues,
} from '../components/device-fields.tsx';
import styles from './device-form-page.module.css';

interface AddDeviceValues extends DeviceFieldValues {
  device_id: string;
  device_unit?: string;
  device_features?: FeatureValue[];
}

function AddDeviceForm({ formData }: { formData: DeviceFormData }) {
  const [form] = Form.useForm<AddDeviceValues>();
  const navigate = useNavigate();
  const { message, notification } = useFeedback();
  const mutation = useCreateDevice();
  const unit = useTemperatureUnit();

  const submit = (values: AddDeviceValues) => {
    const body: CreateDeviceBody = {
      device_id: values.device_id.trim(),
      device_name: values.device_name,
      device_type: values.device_type,
      device_description: values.device_description,
      device_stage: values.device_stage,
      capacity: hasCapacity(formData, values.device_type) ? values.capacity : null,
      ...nameplateOf(values, unit),
      device_unit: values.device_unit?.trim() ?? '',
      image: '',
      device_features: (values.device_features ?? []).map((feature) => ({
        label: feature.label.trim(),
        value: feature.value?.trim() ?? '',
      })),
    };
    mutation.mutate(body, {
      onSuccess: () => {
        void message.success(`Device ${body.device_id} created`);
        void navigate(paths.admin.devices.getHref());
      },
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });
  };

  return (
    <Form<AddDeviceValues> form={form} layout="vertical" requiredMark onFinish={submit}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Device Id"
            name="device_id"
            extra="The plant's code for the device, such as GS7. It cannot be changed later."
            rules={[
              { required: true, whitespace: true, message: 'Please input the Device Id' },
              schemaRule(createDeviceBody.shape.device_id),
            ]}
          >
            <Input autoComplete="off" autoFocus className={styles.code} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Unit"
            name="device_unit"
            extra="Weight unit of the device; lbs if empty."
          >
            <Input autoComplete="off" placeholder="lbs" />
          </Form.Item>
        </Col>
      </Row>
      <DeviceFields form={form} formData={formData} />
      <DeviceFeaturesField />
      <div className={styles.actions}>
        <Button onClick={() => void navigate(paths.admin.devices.getHref())}>Cancel</Button>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={mutation.isPending}
        >
          Add Device
        </Button>
      </div>
    </Form>
  );
}

export function AddDevicePage() {
  const formData = useDeviceFormData();
  return (
    <>
      <BackToDevices />
      <PageHeader
        title="Add Device"
        subtitle="The device gets PLC addresses for its type when it is added."
      />
      <Card title="Device" className={styles.card}>
        {formData.isError ? (
          <LoadError
            error={formData.error}
            retrying={formData.isFetching}
            onRetry={() => void formData.refetch()}
          />
        ) : formData.data ? (
          <AddDeviceForm formData={formData.data} />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        )}
      </Card>
    </>
  );
}
