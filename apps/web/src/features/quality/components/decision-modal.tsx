import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { qualityMessages, type QualityLot, type SignatureMeaning } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignDecision } from '../api/sign-decision.ts';
import { meaningLabel, statusLook } from '../lib/quality-lot.ts';
import styles from './decision-modal.module.css';

interface DecisionValues {
  reason?: string;
  password: string;
}

const actions: Record<SignatureMeaning, string> = {
  released: 'Release',
  released_under_deviation: 'Release under deviation',
  rejected: 'Reject',
};

interface DecisionModalProps {
  lot: QualityLot;
  /** The decision being signed; the dialog is closed when there is none. */
  meaning: SignatureMeaning | undefined;
  onClose: () => void;
}

/**
 * Signs a decision: its reason (required unless a plain release) and the signer's password. The
 * server's refusal (a wrong password, the same person twice) stays in the dialog, with nothing
 * signed.
 */
export function DecisionModal({ lot, meaning, onClose }: DecisionModalProps) {
  const [form] = Form.useForm<DecisionValues>();
  const signing = useSignDecision();
  const { message } = useFeedback();

  const close = () => {
    signing.reset();
    onClose();
  };

  const submit = ({ reason, password }: DecisionValues) => {
    if (!meaning) return;
    signing.mutate(
      { lotId: lot.lot_id, body: { meaning, reason: reason?.trim() ?? '', password } },
      {
        onSuccess: (signed) => {
          void message.success(
            signed.awaiting_second_signature
              ? `First release of lot ${signed.lot_number} signed: a second person must sign too.`
              : `Lot ${signed.lot_number}: ${statusLook(signed.status).label}`,
          );
          close();
        },
        onError: () => form.setFieldValue('password', ''),
      },
    );
  };

  const reasonRequired = meaning !== undefined && meaning !== 'released';
  return (
    <FormModal<DecisionValues>
      title={meaning ? `${actions[meaning]} lot ${lot.lot_number}` : 'Sign'}
      open={meaning !== undefined}
      form={form}
      okText="Sign"
      submitting={signing.isPending}
      focusField={reasonRequired ? 'reason' : 'password'}
      onSubmit={submit}
      onCancel={close}
    >
      <Typography.Paragraph type="secondary">
        {meaning ? `Meaning: ${meaningLabel(meaning)}. ` : null}
        Your signature keeps who, when, this meaning and a hash of the lot&apos;s record in the
        audit log.
      </Typography.Paragraph>
      {signing.isError ? (
        <Alert className={styles.error} type="error" showIcon title={errorMessage(signing.error)} />
      ) : null}
      <Form.Item
        name="reason"
        label={reasonRequired ? 'Reason' : 'Reason (optional)'}
        rules={
          reasonRequired
            ? [{ required: true, whitespace: true, message: qualityMessages.reason }]
            : []
        }
      >
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item
        name="password"
        label="Sign with your password"
        rules={[{ required: true, message: qualityMessages.password }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </FormModal>
  );
}
