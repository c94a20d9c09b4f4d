import { useState } from 'react';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form, { type RuleRender } from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  createTransferBody,
  transferMessages,
  type CreateTransferBody,
  type TransferBin,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useCreateTransfer } from '../api/create-transfer.ts';
import { useTransferBins } from '../api/get-transfer-bins.ts';
import {
  availableIn,
  beansDiffer,
  limitMessage,
  maxTransferWeight,
  movingBeanIds,
  roomIn,
  targetsFor,
} from '../lib/transfer-limits.ts';
import styles from './transfer-workspace.module.css';

export const SEGREGATION_OVERRIDE_LABEL = 'Mix segregated beans anyway (recorded)';

interface CreateTransferValues {
  sourceBinId?: string;
  targetBinId?: string;
  bean_id?: number;
  targetWeight?: number | null;
  segregation_override?: boolean;
}

/** What a bin holds, as its option says it: beans, segregation and weight. */
function binDetail(bin: TransferBin): string {
  const flags = bin.segregations.filter(Boolean);
  const beans = bin.bean || 'Empty';
  const weight =
    bin.binCapacity === null
      ? formatLbs(bin.currentWeight)
      : `${formatLbs(bin.currentWeight)} of ${formatLbs(bin.binCapacity)}`;
  return [beans, ...flags, weight].join(' · ');
}

function binOption(bin: TransferBin) {
  return {
    value: bin.id,
    title: bin.name,
    label: (
      <span className={styles.option}>
        <span>{bin.name}</span>
        <span className={styles.optionDetail}>{binDetail(bin)}</span>
      </span>
    ),
  };
}

/** The limit under the weight field, with where it comes from. */
function weightHint(
  source: TransferBin | undefined,
  target: TransferBin | undefined,
  beanId: number | undefined,
): string {
  if (!source) return 'Choose the source bin to see how much can move.';
  const max = formatLbs(maxTransferWeight(source, target, beanId));
  const holds = `${source.name} holds ${formatLbs(availableIn(source, beanId))}`;
  if (!target) return `Max ${max}: ${holds}.`;
  const room = roomIn(target);
  const space = Number.isFinite(room)
    ? `${target.name} has room for ${formatLbs(Math.max(0, room))}`
    : `${target.name} has no capacity limit`;
  return `Max ${max}: ${holds}; ${space}.`;
}

interface CreateTransferModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Asks for a silo to silo transfer. Targets are the bins on the source's conveyor; a re-entry
 * source asks which bean to move. When the server refuses to mix segregated beans, the dialog
 * shows why and lets the user confirm the mix, which the ledger records.
 */
export function CreateTransferModal({ open, onClose }: CreateTransferModalProps) {
  const [form] = Form.useForm<CreateTransferValues>();
  const bins = useTransferBins({ enabled: open });
  const creation = useCreateTransfer();
  const { message, notification } = useFeedback();
  const [conflict, setConflict] = useState<string>();

  const all = bins.data ?? [];
  const sourceId = Form.useWatch('sourceBinId', form);
  const targetId = Form.useWatch('targetBinId', form);
  const beanId = Form.useWatch('bean_id', form);
  const source = all.find((bin) => bin.id === sourceId);
  const targets = targetsFor(all, source);
  const target = targets.find((bin) => bin.id === targetId);
  const differ = source && target ? beansDiffer(movingBeanIds(source, beanId), target) : false;

  const close = () => {
    setConflict(undefined);
    onClose();
  };

  // The refusal was about these bins and beans; other ones get their own answer.
  const clearConflict = () => {
    setConflict(undefined);
    form.setFieldsValue({ segregation_override: false });
  };

  const chooseSource = (id: string) => {
    const next = all.find((bin) => bin.id === id);
    const current: string | undefined = form.getFieldValue('targetBinId');
    const stays = targetsFor(all, next).some((bin) => bin.id === current);
    form.setFieldsValue({ targetBinId: stays ? current : undefined, bean_id: undefined });
    clearConflict();
  };

  const withinLimits: RuleRender = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'number') return;
      const from = all.find((bin) => bin.id === getFieldValue('sourceBinId'));
      if (!from) return;
      const to = targetsFor(all, from).find((bin) => bin.id === getFieldValue('targetBinId'));
      const bean: number | undefined = getFieldValue('bean_id');
      if (value > maxTransferWeight(from, to, bean)) throw new Error(limitMessage(from, to, bean));
    },
  });

  const submit = (values: CreateTransferValues) => {
    const override = values.segregation_override ?? false;
    const body: CreateTransferBody = {
      sourceBinId: values.sourceBinId ?? '',
      targetBinId: values.targetBinId ?? '',
      targetWeight: values.targetWeight ?? 0,
      ...(source?.isReEntry && values.bean_id !== undefined ? { bean_id: values.bean_id } : {}),
      segregation_override: override,
    };
    creation.mutate(body, {
      onSuccess: (created) => {
        void message.success(
          `Transfer ${created.id} created: ${formatLbs(created.target_amount)} from ${created.source_device_name} to ${created.target_device_name}`,
        );
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409 && !override) {
          setConflict(errorMessage(error, transferMessages.failed));
          return;
        }
        notification.error({
          title: 'Error',
          description: errorMessage(error, transferMessages.failed),
        });
      },
    });
  };

  return (
    <FormModal<CreateTransferValues>
      title="Create Transfer"
      open={open}
      form={form}
      okText="Create Transfer"
      submitting={creation.isPending}
      onSubmit={submit}
      onCancel={close}
    >
      {bins.isError ? (
        <Alert
          type="error"
          showIcon
          className={styles.notice}
          title="The bins could not be loaded."
          description={errorMessage(bins.error)}
        />
      ) : null}
      <Form.Item
        name="sourceBinId"
        label="Source bin"
        rules={[{ required: true, message: transferMessages.source }]}
      >
        <Select
          placeholder="Select source bin"
          loading={bins.isFetching}
          showSearch={{ optionFilterProp: 'title' }}
          options={all.map(binOption)}
          onChange={chooseSource}
        />
      </Form.Item>
      <Form.Item
        name="targetBinId"
        label="Target bin"
        rules={[{ required: true, message: transferMessages.target }]}
        extra={
          source && targets.length === 0
            ? `No other bin is on the conveyor of ${source.name}.`
            : undefined
        }
      >
        <Select
          placeholder={source ? 'Select target bin' : 'Choose the source bin first'}
          disabled={!source}
          showSearch={{ optionFilterProp: 'title' }}
          options={targets.map(binOption)}
          onChange={clearConflict}
        />
      </Form.Item>
      {source?.isReEntry ? (
        <Form.Item
          name="bean_id"
          label="Bean"
          rules={[{ required: true, message: transferMessages.bean }]}
        >
          <Select
            placeholder="Select bean"
            showSearch={{ optionFilterProp: 'title' }}
            onChange={clearConflict}
            options={source.beans.map((bean) => ({
              value: bean.bean_id,
              title: bean.bean_name,
              label: (
                <span className={styles.option}>
                  <span>{bean.bean_name}</span>
                  <span className={styles.optionDetail}>{formatLbs(bean.lbs)}</span>
                </span>
              ),
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="targetWeight"
        label="Weight"
        dependencies={['sourceBinId', 'targetBinId', 'bean_id']}
        rules={[
          { required: true, message: transferMessages.weight },
          schemaRule(createTransferBody.shape.targetWeight),
          withinLimits,
        ]}
        extra={weightHint(source, target, beanId)}
      >
        {/* No min or max: the field would clamp what was typed on blur, and a weight out of
            range must be refused with the rule's message, never changed silently. */}
        <InputNumber<number>
          precision={2}
          suffix="lbs"
          inputMode="decimal"
          className={styles.number}
        />
      </Form.Item>
      {target && differ ? (
        <Alert
          type="warning"
          showIcon
          className={styles.notice}
          title={transferMessages.differentBeans}
          description={`${target.name} holds ${target.bean}.`}
        />
      ) : null}
      {conflict ? (
        <>
          <Alert type="error" showIcon className={styles.notice} title={conflict} />
          <Form.Item name="segregation_override" valuePropName="checked">
            <Checkbox>{SEGREGATION_OVERRIDE_LABEL}</Checkbox>
          </Form.Item>
        </>
      ) : null}
    </FormModal>
  );
}
