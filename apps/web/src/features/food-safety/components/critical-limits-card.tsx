import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import {
  foodSafetyFields,
  foodSafetyMessages,
  temperatureSymbol,
  type CriticalLimits,
  type TemperatureUnit,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { keptTemperature, shownTemperature } from '../../../lib/temperature-fields.ts';
import { useCriticalLimits, useSaveCriticalLimits } from '../api/critical-limits.ts';
import { useProducts } from '../api/get-choices.ts';
import styles from './critical-limits-card.module.css';

interface LimitValues {
  kill_step: boolean;
  min_bt: number | null;
  min_seconds: number | null;
  max_end: number | null;
  max_total_s: number | null;
}

const shown = (f: number | null, unit: TemperatureUnit) =>
  f === null ? null : shownTemperature(f, unit);
const kept = (v: number | null | undefined, unit: TemperatureUnit, before: number | null) =>
  v == null ? null : keptTemperature(v, unit, before ?? undefined);

function LimitsForm({ limits, unit }: { limits: CriticalLimits; unit: TemperatureUnit }) {
  const [form] = Form.useForm<LimitValues>();
  const saving = useSaveCriticalLimits();
  const { message } = useFeedback();
  const killStep = Form.useWatch('kill_step', form);
  const symbol = temperatureSymbol(unit);

  useEffect(() => {
    form.setFieldsValue({
      kill_step: limits.kill_step,
      min_bt: shown(limits.min_bt_f, unit),
      min_seconds: limits.min_seconds,
      max_end: shown(limits.max_end_f, unit),
      max_total_s: limits.max_total_s,
    });
  }, [form, limits, unit]);

  const submit = (v: LimitValues) =>
    saving.mutate(
      {
        productId: limits.product_id,
        body: {
          kill_step: v.kill_step,
          min_bt_f: v.kill_step ? kept(v.min_bt, unit, limits.min_bt_f) : null,
          min_seconds: v.kill_step ? (v.min_seconds ?? null) : null,
          max_end_f: kept(v.max_end, unit, limits.max_end_f),
          max_total_s: v.max_total_s ?? null,
        },
      },
      { onSuccess: () => void message.success(`Critical limits of ${limits.product_name} saved.`) },
    );

  const colour =
    limits.colour_min === null && limits.colour_max === null
      ? 'none set'
      : `${limits.colour_min ?? '—'} to ${limits.colour_max ?? '—'}`;
  return (
    <Form<LimitValues> form={form} layout="vertical" onFinish={submit} className={styles.form}>
      {saving.isError ? <Alert type="error" showIcon title={errorMessage(saving.error)} /> : null}
      <Form.Item name="kill_step" valuePropName="checked">
        <Checkbox>The roast is the kill step</Checkbox>
      </Form.Item>
      <div className={styles.row}>
        <Form.Item
          name="min_bt"
          label={`Minimum BT (${symbol})`}
          rules={[{ required: Boolean(killStep), message: foodSafetyMessages.killStep }]}
        >
          <InputNumber disabled={!killStep} step={1} />
        </Form.Item>
        <Form.Item
          name="min_seconds"
          label="Seconds at or above it"
          rules={[
            { required: Boolean(killStep), message: foodSafetyMessages.killStep },
            schemaRule(foodSafetyFields.seconds),
          ]}
        >
          <InputNumber disabled={!killStep} />
        </Form.Item>
        <Form.Item name="max_end" label={`Max. end temperature (${symbol})`}>
          <InputNumber step={1} />
        </Form.Item>
        <Form.Item
          name="max_total_s"
          label="Max. total time (s)"
          rules={[schemaRule(foodSafetyFields.seconds)]}
        >
          <InputNumber />
        </Form.Item>
      </div>
      <Typography.Paragraph type="secondary">
        Colour bounds, from the product&apos;s quality specification: {colour}.
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        Save limits
      </Button>
    </Form>
  );
}

/** A product's critical limits, set by supervisors and administrators. */
export function CriticalLimitsCard({ unit }: { unit: TemperatureUnit }) {
  const [productId, setProductId] = useState<number | undefined>();
  const products = useProducts();
  const limits = useCriticalLimits(productId);
  return (
    <Card title="Critical limits">
      <Select
        className={styles.product}
        aria-label="Product"
        placeholder="Select a product"
        loading={products.isPending}
        value={productId}
        onChange={setProductId}
        options={(products.data ?? []).map((p) => ({ value: p.product_id, label: p.product_name }))}
      />
      {limits.isError ? <Alert type="error" showIcon title={errorMessage(limits.error)} /> : null}
      {limits.data ? <LimitsForm limits={limits.data} unit={unit} /> : null}
    </Card>
  );
}
