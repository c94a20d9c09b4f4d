import { AlogDownloadButton } from '../../../components/alog-download-button.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDownloadRoastAlog } from '../api/download-roast-alog.ts';

/** Downloads the roast as an Artisan .alog, in the form the user picks. */
export function RoastAlogButton({ id, name }: { id: number; name: string }) {
  const download = useDownloadRoastAlog();
  const { notification } = useFeedback();
  return (
    <AlogDownloadButton
      pending={download.isPending}
      onPick={(form) =>
        download.mutate(
          { id, form, fallbackName: `${name}.alog` },
          {
            onError: (error) =>
              notification.error({ title: 'Error', description: errorMessage(error) }),
          },
        )
      }
    />
  );
}
