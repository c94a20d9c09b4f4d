import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  greenDensityGPerL,
  greenMoisturePct,
  productMessages,
  saveBeanBody,
  type Bean,
  type SaveBeanBody,
} from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useCreateBean } from '../api/create-bean.ts';
import { useBins } from '../api/get-bins.ts';
import { useUpdateBean } from '../api/update-bean.ts';
import styles from './product-form-modal.module.css';

/** No segregation is the empty value: a select cannot hold null as an option's value. */
const NO_SEGREGATION = '';
const segregationOptions = [
  { value: NO_SEGREGATION, label: 'None' },
  { value: 'organic', label: 'Organic' },
  { value: 'decaf', label: 'Decaf' },
];

interface BeanFormValues {
  bean_name: string;
  bean_id?: number | null;
  description?: string;
  bins?: string[];
  segregation?: string;
  typical_moisture_pct?: number | null;
  typical_density_g_per_l?: number | null;
}

function initialValues(bean: Bean | undefined): Partial<BeanFormValues> {
  if (!bean) return { bins: [], segregation: NO_SEGREGATION };
  return {
    bean_name: bean.bean_name,
    bean_id: bean.bean_id,
    description: bean.description,
    bins: bean.bins,
    segregation: bean.segregation ?? NO_SEGREGATION,
    typical_moisture_pct: bean.typical_moisture_pct,
    typical_density_g_per_l: bean.typical_density_g_per_l,
  };
}

function toBody(values: BeanFormValues): SaveBeanBody {
  return {
    bean: {
      bean_name: values.bean_name,
      bean_id: values.bean_id ?? null,
      description: values.description ?? '',
      bins: values.bins ?? [],
      segregation: values.segregation ? values.segregation : null,
      typical_moisture_pct: values.typical_moisture_pct ?? null,
      typical_density_g_per_l: values.typical_density_g_per_l ?? null,
    },
  };
}

interface BeanFormModalProps {
  open: boolean;
  /** The bean to edit; a new bean when undefined. */
  bean: Bean | undefined;
  onClose: () => void;
}

export function BeanFormModal({ open, bean, onClose }: BeanFormModalProps) {
  const [form] = Form.useForm<BeanFormValues>();
  const bins = useBins();
  const creation = useCreateBean();
  const update = useUpdateBean();
  const { message, notification } = useFeedback();

  const handlers = (success: string) => ({
    onSuccess: () => {
      void message.success(success);
      onClose();
    },
    onError: (error: unknown) =>
      notification.error({ title: 'Error', description: errorMessage(error) }),
  });

  const submit = (values: BeanFormValues) => {
    const body = toBody(values);
    if (bean) update.mutate({ id: bean.id, body }, handlers('Bean updated successfully'));
    else creation.mutate(body, handlers('Bean created successfully'));
  };

  return (
    <FormModal<BeanFormValues>
      title={bean ? `Edit ${bean.bean_name}` : 'Add bean'}
      open={open}
      form={form}
      okText={bean ? 'Update bean' : 'Create bean'}
      submitting={creation.isPending || update.isPending}
      initialValues={initialValues(bean)}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Form.Item
        name="bean_name"
        label="Bean name"
        rules={[{ required: true, whitespace: true, message: productMessages.beanName }]}
      >
        <Input maxLength={120} autoFocus />
      </Form.Item>
      <Form.Item
        name="bean_id"
        label="Bean ID"
        extra="Optional: the number the roasters' recipes use for this bean."
        rules={[schemaRule(saveBeanBody.shape.bean.shape.bean_id)]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="bins" label="Bins">
        <Select
          mode="multiple"
          allowClear
          placeholder="The silos this bean may be stored in"
          loading={bins.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(bins.data ?? []).map((bin) => ({
            value: bin.device_id,
            label: bin.device_name,
          }))}
        />
      </Form.Item>
      <Form.Item name="segregation" label="Segregation">
        <Select options={segregationOptions} />
      </Form.Item>
      <Form.Item
        name="typical_moisture_pct"
        label="Typical moisture"
        extra="Optional: for the lots of this bean received without their own."
        rules={[schemaRule(greenMoisturePct)]}
      >
        <InputNumber suffix="%" className={styles.number} />
      </Form.Item>
      <Form.Item
        name="typical_density_g_per_l"
        label="Typical density"
        extra="Optional: the bulk density of a typical lot."
        rules={[schemaRule(greenDensityGPerL)]}
      >
        <InputNumber suffix="g/L" className={styles.number} />
      </Form.Item>
    </FormModal>
  );
}
