import { useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { PlusOutlined } from '@ant-design/icons';
import {
  SettingRef,
  createDumpBody,
  dumpMessages,
  dumpTargetType,
  greenDensityGPerL,
  greenMoisturePct,
  type CreateDumpBody,
  type DumpTarget,
  type DumpTargetType,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useBeanList } from '../../../lib/get-bean-list.ts';
import { useSetting } from '../../../lib/get-setting.ts';
import { useCreateDump } from '../api/create-dump.ts';
import { useDumpTargets } from '../api/get-dump-targets.ts';
import { defaultLotNumber, nextLotNumber } from '../lib/default-lot-number.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import styles from './dump-workspace.module.css';

/** The roasters' tab of the devices screen, where a dump into a roaster is made instead. */
const ROASTER_TAB = 1;

/** What a device holds, or why the dump does not fit in it. */
function targetDetail(target: DumpTarget): string {
  if (!target.fits) return target.reason ?? 'Does not fit';
  const filled =
    target.capacity === null
      ? formatLbs(target.occupancy)
      : `${formatLbs(target.occupancy)} of ${formatLbs(target.capacity)}`;
  return target.beans.length > 0 ? `${filled} · ${target.beans.join(', ')}` : `${filled} · empty`;
}

interface CreateDumpValues {
  lot_number: string;
  amount?: number | null;
  bean_id?: number;
  type?: DumpTargetType;
  device_id?: string;
  moisture_pct?: number | null;
  density_g_per_l?: number | null;
  supplier?: string;
  supplier_lot?: string;
}

/**
 * Requests a dump. In auto dump mode the console picks the silo; in manual mode (setting
 * r-dump-mode) the operator picks the device type and a device that fits the beans.
 */
export function CreateDumpForm() {
  const navigate = useNavigate();
  const [form] = Form.useForm<CreateDumpValues>();
  const dumpMode = useSetting(SettingRef.DumpMode);
  const beans = useBeanList();
  const creation = useCreateDump();
  const { message, notification } = useFeedback();
  const manual = dumpMode.data?.value === 'manual';

  const beanId = Form.useWatch('bean_id', form);
  const amount = Form.useWatch('amount', form);
  const type = Form.useWatch('type', form);
  const toRoaster = manual && type === 'Roaster';
  const targets = useDumpTargets(
    manual && type && type !== 'Roaster' && beanId && amount && amount > 0
      ? { beanId, amount, type }
      : undefined,
  );

  const submit = (values: CreateDumpValues) => {
    const body: CreateDumpBody = {
      lot_number: values.lot_number,
      amount: values.amount ?? 0,
      bean_id: values.bean_id ?? 0,
      ...(manual && values.type ? { type: values.type } : {}),
      ...(manual && values.device_id ? { device_id: values.device_id } : {}),
      moisture_pct: values.moisture_pct ?? null,
      density_g_per_l: values.density_g_per_l ?? null,
      supplier: values.supplier?.trim() || null,
      supplier_lot: values.supplier_lot?.trim() || null,
    };
    creation.mutate(body, {
      onSuccess: (dump) => {
        void message.success(
          `Dump ${dump.lot_number} requested: ${formatLbs(dump.amount)} into ${dump.device_name}`,
        );
        form.resetFields();
        // A new request gets a new default lot number, taken at the time it is made.
        form.setFieldsValue({ lot_number: nextLotNumber(dump.lot_number) });
      },
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });
  };

  if (dumpMode.isPending) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;

  return (
    <Form<CreateDumpValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ lot_number: defaultLotNumber() }}
      onFinish={submit}
      onValuesChange={(changed: Partial<CreateDumpValues>) => {
        // A device chosen for another bean, amount or type may no longer fit.
        if ('bean_id' in changed || 'amount' in changed || 'type' in changed) {
          form.setFieldsValue({ device_id: undefined });
        }
      }}
    >
      {dumpMode.isError ? (
        <Alert
          type="warning"
          showIcon
          className={styles.formNotice}
          title="The dump mode could not be read; the console will pick the silo."
          description={errorMessage(dumpMode.error)}
        />
      ) : null}
      <Form.Item
        name="lot_number"
        label="Lot number"
        rules={[{ required: true, whitespace: true }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="amount"
        label="Amount"
        rules={[
          { required: true, message: dumpMessages.amount },
          schemaRule(createDumpBody.shape.amount),
        ]}
      >
        <InputNumber suffix="lbs" className={styles.number} />
      </Form.Item>
      <Form.Item
        name="bean_id"
        label="Bean"
        rules={[{ required: true, message: dumpMessages.bean }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select bean"
          loading={beans.isPending}
          options={(beans.data ?? []).map((bean) => ({ value: bean.id, label: bean.bean_name }))}
          notFoundContent={beans.isError ? errorMessage(beans.error) : undefined}
        />
      </Form.Item>
      {manual ? (
        <>
          <Form.Item
            name="type"
            label="Device type"
            rules={[{ required: true, message: dumpMessages.type }]}
          >
            <Select
              placeholder="Select device type"
              options={dumpTargetType.options.map((option) => ({ value: option, label: option }))}
            />
          </Form.Item>
          {toRoaster ? (
            <Alert
              type="warning"
              showIcon
              className={styles.formNotice}
              title={dumpMessages.roaster}
              description="Dumps into a roaster are made from the roaster itself."
              action={
                <Button onClick={() => void navigate(paths.devices.getHref({ tab: ROASTER_TAB }))}>
                  Go to roasters
                </Button>
              }
            />
          ) : (
            <Form.Item
              name="device_id"
              label="Device"
              rules={[{ required: true, message: dumpMessages.device }]}
              extra={
                targets.isError
                  ? errorMessage(targets.error)
                  : type && !targets.data
                    ? 'Choose the bean and the amount to see which devices fit.'
                    : undefined
              }
            >
              <Select
                placeholder="Select device"
                disabled={!targets.data}
                loading={targets.isFetching}
                options={(targets.data ?? []).map((target) => ({
                  value: target.device_id,
                  title: target.device_name,
                  disabled: !target.fits,
                  label: (
                    <span className={styles.targetOption}>
                      <span>{target.device_name}</span>
                      <span className={styles.targetDetail}>{targetDetail(target)}</span>
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          )}
        </>
      ) : null}
      <Form.Item
        name="moisture_pct"
        label="Moisture"
        extra="Optional: the lot's moisture, from its paperwork or a moisture meter."
        rules={[schemaRule(greenMoisturePct)]}
      >
        <InputNumber suffix="%" className={styles.number} />
      </Form.Item>
      <Form.Item
        name="density_g_per_l"
        label="Density"
        extra="Optional: the lot's bulk density."
        rules={[schemaRule(greenDensityGPerL)]}
      >
        <InputNumber suffix="g/L" className={styles.number} />
      </Form.Item>
      <Form.Item
        name="supplier"
        label="Supplier"
        extra="Optional: who sold the lot, as on its paperwork."
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item
        name="supplier_lot"
        label="Supplier lot"
        extra="Optional: the supplier's lot code; a recall can start from it."
      >
        <Input maxLength={120} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<PlusOutlined />}
        loading={creation.isPending}
        disabled={toRoaster}
        block
      >
        Create Dump
      </Button>
    </Form>
  );
}
