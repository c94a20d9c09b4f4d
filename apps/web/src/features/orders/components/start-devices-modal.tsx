import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import {
  orderMessages,
  startWithDevicesBody,
  type DeviceSummary,
  type RoastingOrder,
  type RoastingPath,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useDeviceList } from '../../../lib/get-device-list.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useOrderPaths } from '../api/get-order-paths.ts';
import { useSystemStatus } from '../api/get-system-status.ts';
import { checkBeanMatch, useStartWithDevices } from '../api/start-order.ts';
import { confirmMixedBin } from '../lib/mixed-bin.ts';
import styles from './orders.module.css';

/** Device types of the plant's catalog: where a batch starts, roasts and ends. */
const SILO_BIN = 13;
const ROASTER = 4;
const ROASTED_BINS = new Set([8, 5]);

interface StartDevicesValues {
  path_id?: number;
  startDevice: string;
  roasterId: string;
  endDevice: string;
  devicePosition?: number;
  start_all: boolean;
}

const options = (devices: DeviceSummary[], keep: (device: DeviceSummary) => boolean) =>
  devices.filter(keep).map((device) => ({
    value: device.device_id,
    label: `${device.device_name} (${device.device_id})`,
  }));

interface StartDevicesModalProps {
  order: RoastingOrder | undefined;
  onClose: () => void;
}

const pathOption = (path: RoastingPath) => ({
  value: path.id,
  label: `${path.name}: ${path.roaster.device_name} into ${path.destination.device_name}`,
});

/**
 * Start with chosen devices: the silo to draw from, the roaster and the bin to land in. A
 * roaster that is busy with another order needs the position in its queue. Once roasting
 * paths are defined, a path is chosen first: it sets the roaster and bin, and the start silo
 * is one of its silos.
 */
export function StartDevicesModal({ order, onClose }: StartDevicesModalProps) {
  const open = order !== undefined;
  const [form] = Form.useForm<StartDevicesValues>();
  const devices = useDeviceList();
  const status = useSystemStatus();
  const start = useStartWithDevices();
  const { message, notification } = useFeedback();
  const [modal, contextHolder] = Modal.useModal();
  const roasterId = Form.useWatch('roasterId', form);
  const pathId = Form.useWatch('path_id', form);
  const orderPaths = useOrderPaths(order?.order_id);
  const byPath = orderPaths.data?.defined ?? false;
  const path = orderPaths.data?.paths.find((p) => p.id === pathId);
  const choosePath = (id: number) => {
    const chosen = orderPaths.data?.paths.find((p) => p.id === id);
    if (!chosen) return;
    form.setFieldsValue({
      roasterId: chosen.roaster.device_id,
      endDevice: chosen.destination.device_id,
      startDevice: chosen.start_silos[0]?.device_id,
    });
  };
  const positionNeeded =
    status.data?.roasters.some((roaster) => roaster.device_id === roasterId && roaster.active) ??
    false;

  const submit = async (values: StartDevicesValues) => {
    if (!order) return;
    try {
      const same = await checkBeanMatch({
        order_id: order.order_id,
        start_device: values.startDevice,
      });
      if (!same) {
        form.setFields([{ name: 'startDevice', errors: [orderMessages.sameBean] }]);
        return;
      }
      await send(order, values, false);
    } catch (error) {
      notify(error);
    }
  };

  const notify = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const send = async (
    order: RoastingOrder,
    values: StartDevicesValues,
    allowMixedBin: boolean,
  ): Promise<void> => {
    try {
      const reply = await start.mutateAsync({
        order_id: order.order_id,
        startDevice: values.startDevice,
        roasterId: values.roasterId,
        endDevice: values.endDevice,
        splitAmount: order.split_amt,
        start_all: values.start_all,
        ...(positionNeeded ? { devicePosition: values.devicePosition } : {}),
        ...(values.path_id === undefined ? {} : { path_id: values.path_id }),
        ...(allowMixedBin ? { allow_mixed_bin: true } : {}),
      });
      void message.success(reply.message);
      onClose();
    } catch (error) {
      const mix = () => send(order, values, true).catch(notify);
      if (!confirmMixedBin(modal.confirm, error, mix)) throw error;
    }
  };

  const deviceRule = { required: true, message: orderMessages.startDevices };

  return (
    <FormModal<StartDevicesValues>
      title={
        order
          ? `Start order ${formatOrderNumber(order.order_id)} with devices`
          : 'Start with devices'
      }
      open={open}
      form={form}
      okText="Start"
      submitting={start.isPending}
      initialValues={{
        start_all: false,
        roasterId: order?.roast_device ?? undefined,
        endDevice: order?.destination_device ?? undefined,
      }}
      onSubmit={(values) => void submit(values)}
      onCancel={onClose}
    >
      {contextHolder}
      <QueryState query={devices}>
        {(data) => (
          <>
            {byPath ? (
              <>
                {orderPaths.data?.paths.length === 0 ? (
                  <Alert
                    type="warning"
                    showIcon
                    className={styles.pathAlert}
                    title={
                      <>
                        No enabled roasting path roasts on this order&apos;s roaster into its bin.{' '}
                        <Link to={paths.admin.roastingPaths.getHref()}>Add one under Paths.</Link>
                      </>
                    }
                  />
                ) : null}
                <Form.Item
                  name="path_id"
                  label="Path"
                  rules={[{ required: true, message: 'Please select a path' }]}
                >
                  <Select<number>
                    placeholder="Select a path"
                    options={orderPaths.data?.paths.map(pathOption)}
                    onChange={choosePath}
                  />
                </Form.Item>
              </>
            ) : null}
            <Form.Item name="startDevice" label="Start device" rules={[deviceRule]}>
              <Select
                placeholder="Select a silo"
                disabled={byPath && !path}
                options={options(
                  data,
                  (device) =>
                    device.device_type === SILO_BIN &&
                    (!byPath ||
                      (path?.start_silos.some((s) => s.device_id === device.device_id) ?? false)),
                )}
              />
            </Form.Item>
            <Form.Item name="roasterId" label="Roasting device" rules={[deviceRule]}>
              <Select
                placeholder="Select a roaster"
                disabled={byPath}
                options={options(data, (device) => device.device_type === ROASTER)}
              />
            </Form.Item>
            <Form.Item name="endDevice" label="End device" rules={[deviceRule]}>
              <Select
                placeholder="Select a bin"
                disabled={byPath}
                options={options(data, (device) => ROASTED_BINS.has(device.device_type))}
              />
            </Form.Item>
            {positionNeeded ? (
              <Form.Item
                name="devicePosition"
                label="Device position"
                extra="The roaster is busy: the place of this order in its queue, 1 being next."
                rules={[
                  { required: true, message: orderMessages.devicePosition },
                  schemaRule(startWithDevicesBody.shape.devicePosition),
                ]}
              >
                <InputNumber className={styles.wide} />
              </Form.Item>
            ) : null}
            <Form.Item name="start_all" label={orderMessages.openAll} valuePropName="checked">
              <Switch checkedChildren="YES" unCheckedChildren="NO" />
            </Form.Item>
          </>
        )}
      </QueryState>
    </FormModal>
  );
}
