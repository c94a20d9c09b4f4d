import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCloseDump } from '../api/close-dump.ts';
import { useDumpPopup } from '../api/get-dump-popup.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { useDueAfter } from '../../../lib/use-due-after.ts';
import { PromptModal } from '../../../components/prompt-modal.tsx';

/** The spec shows a roaster's request only 60 s after it is first seen here. */
const SHOW_AFTER_MS = 60_000;

/** A roaster's dump request, shown to the operator a minute after it appears; Ok closes it. */
export function RoasterDumpPopup() {
  const popup = useDumpPopup();
  const closing = useCloseDump();
  const { notification } = useFeedback();
  const requests = popup.data ?? [];
  const due = useDueAfter(
    requests.map((request) => request.id),
    SHOW_AFTER_MS,
  );
  const shown = requests.find((request) => due.includes(request.id));

  const close = () => {
    if (!shown) return;
    closing.mutate(shown.id, {
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });
  };

  return (
    <PromptModal
      open={shown !== undefined}
      title="Roaster dump request"
      footer={
        <Button type="primary" size="large" autoFocus loading={closing.isPending} onClick={close}>
          Ok
        </Button>
      }
    >
      {shown ? (
        <Typography.Paragraph>
          {shown.device_name} asks for {formatLbs(shown.amount)} of {shown.bean_name} (lot{' '}
          {shown.lot_number}).
        </Typography.Paragraph>
      ) : null}
    </PromptModal>
  );
}
