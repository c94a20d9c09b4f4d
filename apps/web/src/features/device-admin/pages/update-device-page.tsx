import { useParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import { SaveOutlined } from '@ant-design/icons';
import type { DeviceSummary, UpdateDeviceBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { policies } from '../../../lib/authorization.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useDevice } from '../api/get-device.ts';
import { useDeviceFormData, type DeviceFormData } from '../api/get-device-form-data.ts';
import { useUpdateDevice } from '../api/update-device.ts';
import { BackToDevices } from '../components/back-to-devices.tsx';
import {
  DeviceFields,
  hasCapacity,
  nameplateOf,
  type DeviceFieldValues,
} from '../components/device-fields.tsx';
import { DeviceTagsSection } from '../components/device-tags-section.tsx';
import { roastLimitValuesOf } from '../lib/roast-limit-values.ts';
import styles from './device-form-page.module.css';

/** The spec's success toast on this screen lasts 2.5 s. */
const SAVED_TOAST_SECONDS = 2.5;

interface UpdateDeviceFormProps {
  device: DeviceSummary;
  formData: DeviceFormData;
}

function UpdateDeviceForm({ device, formData }: UpdateDeviceFormProps) {
  const [form] = Form.useForm<DeviceFieldValues>();
  const { message, notification } = useFeedback();
  const mutation = useUpdateDevice();
  const unit = useTemperatureUnit();

  const submit = (values: DeviceFieldValues) => {
    // The screen edits the device's identity only: its unit, image and features are kept.
    const body: UpdateDeviceBody = {
      device_name: values.device_name,
      device_type: values.device_type,
      device_description: values.device_description,
      device_stage: values.device_stage,
      capacity: hasCapacity(formData, values.device_type) ? values.capacity : null,
      ...nameplateOf(values, unit, device),
      device_unit: device.device_unit,
      image: device.image,
      device_features: device.device_features,
    };
    mutation.mutate(
      { code: device.device_id, body },
      {
        onSuccess: () =>
          void message.success({
            content: `Device ${device.device_id} updated`,
            duration: SAVED_TOAST_SECONDS,
          }),
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  return (
    <Form<DeviceFieldValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{
        device_name: device.device_name,
        device_type: device.device_type,
        device_description: device.device_description,
        capacity: device.capacity,
        device_stage: device.device_stage,
        batch_capacity: device.batch_capacity,
        ideal_cycle_minutes: device.ideal_cycle_minutes,
        rated_lbs_per_hour: device.rated_lbs_per_hour,
        ...roastLimitValuesOf(device, unit),
      }}
      onFinish={submit}
    >
      <Form.Item label="Device Id" htmlFor="update-device-id">
        <Input
          id="update-device-id"
          value={device.device_id}
          readOnly
          aria-readonly
          className={styles.readOnly}
        />
      </Form.Item>
      <DeviceFields form={form} formData={formData} />
      <div className={styles.actions}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={mutation.isPending}
        >
          Update Device
        </Button>
      </div>
    </Form>
  );
}

export function UpdateDevicePage() {
  const { deviceId = '' } = useParams();
  const session = useSignedInSession();
  const device = useDevice(deviceId);
  const formData = useDeviceFormData();

  const failed = device.error ?? formData.error;
  const retry = () => {
    void device.refetch();
    void formData.refetch();
  };

  return (
    <>
      <BackToDevices />
      <PageHeader
        title="UPDATE DEVICE"
        subtitle={device.data ? `${device.data.device_id} · ${device.data.device_name}` : deviceId}
      />
      <Card title="Device" className={styles.card}>
        {failed ? (
          <LoadError
            error={failed}
            retrying={device.isFetching || formData.isFetching}
            onRetry={retry}
          />
        ) : device.data && formData.data ? (
          <UpdateDeviceForm
            key={device.data.device_id}
            device={device.data}
            formData={formData.data}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 7 }} />
        )}
      </Card>
      {device.data ? (
        <DeviceTagsSection
          code={device.data.device_id}
          editable={policies.administration(session.role)}
        />
      ) : null}
    </>
  );
}
