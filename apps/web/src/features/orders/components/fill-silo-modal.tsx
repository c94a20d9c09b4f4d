import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { orderMessages } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFillSilo, type FillSiloInput } from '../api/fill-silo.ts';
import { useFillSiloForm } from '../api/get-fill-silo-form.ts';
import { confirmMixedBin } from '../lib/mixed-bin.ts';
import { productOptions } from '../lib/product-options.ts';

interface FillSiloModalProps {
  open: boolean;
  onClose: () => void;
}

const choices = (devices: { device_id: string; device_name: string }[]) =>
  devices.map((device) => ({ value: device.device_id, label: device.device_name }));

/** Fill WRB Silo: roast a bean on a roaster into a silo (Bean, Silo, Roaster all required). */
export function FillSiloModal({ open, onClose }: FillSiloModalProps) {
  const [form] = Form.useForm<FillSiloInput>();
  const formData = useFillSiloForm({ enabled: open });
  const fill = useFillSilo();
  const { message, notification } = useFeedback();
  const [modal, contextHolder] = Modal.useModal();

  const submit = (values: FillSiloInput): void =>
    fill.mutate(values, {
      onSuccess: (reply) => {
        void message.success(reply.message);
        onClose();
      },
      onError: (error) => {
        const mix = () => submit({ ...values, allow_mixed_bin: true });
        if (!confirmMixedBin(modal.confirm, error, mix)) {
          notification.error({ title: 'Error', description: errorMessage(error) });
        }
      },
    });

  return (
    <FormModal<FillSiloInput>
      title="Fill Silo"
      open={open}
      form={form}
      okText="Fill"
      submitting={fill.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      {contextHolder}
      <QueryState query={formData}>
        {(data) => (
          <>
            <Form.Item
              name="product_id"
              label="Bean"
              rules={[{ required: true, message: orderMessages.fillBean }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Select a bean"
                options={productOptions(data.products)}
              />
            </Form.Item>
            <Form.Item
              name="silo_id"
              label="Silo"
              rules={[{ required: true, message: orderMessages.fillSilo }]}
            >
              <Select placeholder="Select a silo" options={choices(data.silos)} />
            </Form.Item>
            <Form.Item
              name="roaster_id"
              label="Roaster"
              rules={[{ required: true, message: orderMessages.fillRoaster }]}
            >
              <Select placeholder="Select a roaster" options={choices(data.roasters)} />
            </Form.Item>
          </>
        )}
      </QueryState>
    </FormModal>
  );
}
