import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import { qualitySpecBody, type QualitySpec, type QualitySpecBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useSaveQualitySpec } from '../api/save-quality-spec.ts';
import styles from './quality-spec-modal.module.css';

type Bound = keyof QualitySpecBody;
type SpecValues = Partial<Record<Bound, number | null>>;

/** The specification's ranges, each a row of its minimum and maximum (cupping has a floor only). */
const ranges: { label: string; unit: string; min: Bound; max?: Bound }[] = [
  { label: 'Colour', unit: '', min: 'colour_min', max: 'colour_max' },
  { label: 'Moisture', unit: ' (%)', min: 'moisture_min', max: 'moisture_max' },
  { label: 'Roast loss', unit: ' (%)', min: 'loss_min', max: 'loss_max' },
  { label: 'Development', unit: ' (%)', min: 'development_min', max: 'development_max' },
  { label: 'Cupping score', unit: '', min: 'cupping_min' },
];

/** An empty field is no bound: the server stores null and checks nothing on that side. */
function toBody(values: SpecValues): QualitySpecBody {
  return {
    colour_min: values.colour_min ?? null,
    colour_max: values.colour_max ?? null,
    moisture_min: values.moisture_min ?? null,
    moisture_max: values.moisture_max ?? null,
    loss_min: values.loss_min ?? null,
    loss_max: values.loss_max ?? null,
    development_min: values.development_min ?? null,
    development_max: values.development_max ?? null,
    cupping_min: values.cupping_min ?? null,
  };
}

interface QualitySpecModalProps {
  /** The product's specification as loaded; the dialog is closed when there is none. */
  spec: QualitySpec | undefined;
  onClose: () => void;
}

/**
 * A product's quality specification: the ranges its roasted lots' results are checked against.
 * A result out of them puts the lot on hold.
 */
export function QualitySpecModal({ spec, onClose }: QualitySpecModalProps) {
  const [form] = Form.useForm<SpecValues>();
  const saving = useSaveQualitySpec();
  const { message } = useFeedback();

  const close = () => {
    saving.reset();
    onClose();
  };

  const submit = (values: SpecValues) => {
    if (!spec) return;
    saving.mutate(
      { productId: spec.product_id, body: toBody(values) },
      {
        onSuccess: () => {
          void message.success(`Quality specification of ${spec.product_name} saved`);
          close();
        },
      },
    );
  };

  return (
    <FormModal<SpecValues>
      title={spec ? `Quality specification: ${spec.product_name}` : 'Quality specification'}
      open={spec !== undefined}
      form={form}
      okText="Save specification"
      submitting={saving.isPending}
      initialValues={spec}
      focusField="colour_min"
      onSubmit={submit}
      onCancel={close}
    >
      <Typography.Paragraph type="secondary">
        A roasted lot with a result outside these ranges goes on hold. Leave a field empty to check
        nothing on that side.
        {spec?.updated_at
          ? ` Last changed by ${spec.updated_by ?? 'someone'}, ${formatSpelledTime(spec.updated_at)}.`
          : null}
      </Typography.Paragraph>
      {saving.isError ? (
        <Alert className={styles.error} type="error" showIcon title={errorMessage(saving.error)} />
      ) : null}
      {ranges.map(({ label, unit, min, max }) => (
        <div key={min} className={styles.range}>
          <Form.Item
            name={min}
            label={`${label} minimum${unit}`}
            rules={[schemaRule(qualitySpecBody.shape[min])]}
          >
            <InputNumber className={styles.number} />
          </Form.Item>
          {max ? (
            <Form.Item
              name={max}
              label={`${label} maximum${unit}`}
              rules={[schemaRule(qualitySpecBody.shape[max])]}
            >
              <InputNumber className={styles.number} />
            </Form.Item>
          ) : (
            <div />
          )}
        </div>
      ))}
    </FormModal>
  );
}
