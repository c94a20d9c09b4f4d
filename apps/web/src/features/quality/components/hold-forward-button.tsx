import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { StopOutlined } from '@ant-design/icons';
import { lotHoldMessages, type LotHoldPreview, type LotHoldResult } from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';
import { policies } from '../../../lib/authorization.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { useHoldLot, useLotHold } from '../api/hold-lot.ts';
import { HoldResultView } from './hold-result-view.tsx';
import { QualityStatusTag } from './quality-status-tag.tsx';
import styles from './hold-forward.module.css';

interface HoldValues {
  reason: string;
}

const lotsWord = (n: number) => (n === 1 ? '1 lot' : `${n} lots`);

/** The sentence the person confirms: how many lots the hold reaches, and what already left. */
export function holdSentence(preview: LotHoldPreview): string {
  const held = preview.would_hold;
  const reach = held.length
    ? `This puts ${lotsWord(held.length)} on hold: ${held.join(', ')}.`
    : 'No lot is put on hold: every lot it reaches is rejected.';
  const orders = preview.left_orders;
  const left = orders
    ? ` ${orders === 1 ? '1 packed order has' : `${orders} packed orders have`} already left the plant; they are listed for the recall decision.`
    : '';
  return reach + left;
}

function HoldModal({
  preview,
  open,
  onClose,
  onHeld,
}: {
  preview: LotHoldPreview;
  open: boolean;
  onClose: () => void;
  onHeld: (result: LotHoldResult) => void;
}) {
  const [form] = Form.useForm<HoldValues>();
  const holding = useHoldLot();
  const close = () => {
    holding.reset();
    onClose();
  };
  const submit = ({ reason }: HoldValues) =>
    holding.mutate(
      { lot_number: preview.lot_number, reason: reason.trim() },
      {
        onSuccess: (result) => {
          holding.reset();
          onHeld(result);
        },
      },
    );
  return (
    <FormModal<HoldValues>
      title={`Hold lot ${preview.lot_number} and everything made from it`}
      open={open}
      form={form}
      okText={`Hold ${lotsWord(preview.would_hold.length)}`}
      submitting={holding.isPending}
      focusField="reason"
      onSubmit={submit}
      onCancel={close}
    >
      <Typography.Paragraph>{holdSentence(preview)}</Typography.Paragraph>
      {holding.isError ? (
        <Alert className={styles.error} type="error" showIcon title={errorMessage(holding.error)} />
      ) : null}
      <Form.Item
        name="reason"
        label="Reason"
        rules={[{ required: true, whitespace: true, message: lotHoldMessages.reason }]}
      >
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * "Hold lot and everything made from it": the lot's hold as it stands, the button, its
 * confirmation and, once held, the held lots and what already left the plant. Nothing shows
 * for a lot the server does not know, nor to those who may not hold lots.
 */
export function HoldForwardButton(props: HoldForwardProps) {
  // Those who sign decisions hold lots (the server's permissions say the same).
  if (!policies.signDecisions(useSignedInSession().role)) return null;
  return <HoldForward {...props} />;
}

interface HoldForwardProps {
  lotNumber: string;
  /** Whether to show the lot's own hold and its reason (a page that shows them already: no). */
  showHold?: boolean;
}

function HoldForward({ lotNumber, showHold = true }: HoldForwardProps) {
  const preview = useLotHold(lotNumber);
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<LotHoldResult | undefined>();
  if (preview.isError) return null;
  const hold = preview.data;
  return (
    <div className={styles.action}>
      {showHold && hold?.status === 'on_hold' ? (
        <>
          <QualityStatusTag status="on_hold" />
          <Typography.Text className={styles.reason} ellipsis={{ tooltip: hold.reason }}>
            {hold.reason}
          </Typography.Text>
        </>
      ) : null}
      <Button
        danger
        icon={<StopOutlined />}
        loading={preview.isPending}
        disabled={!hold}
        onClick={() => {
          // The confirmation names the lots as they stand now, not as first read.
          void preview.refetch();
          setOpen(true);
        }}
      >
        Hold lot and everything made from it
      </Button>
      {hold ? (
        <HoldModal
          preview={hold}
          open={open}
          onClose={() => setOpen(false)}
          onHeld={(held) => {
            setOpen(false);
            setResult(held);
          }}
        />
      ) : null}
      <Modal
        title={result ? `Lot ${result.lot_number} held` : 'Held'}
        open={result !== undefined}
        width={880}
        footer={<Button onClick={() => setResult(undefined)}>Close</Button>}
        onCancel={() => setResult(undefined)}
        destroyOnHidden
      >
        {result ? <HoldResultView result={result} /> : null}
      </Modal>
    </div>
  );
}
