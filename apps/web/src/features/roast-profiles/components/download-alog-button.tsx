import { AlogDownloadButton } from '../../../components/alog-download-button.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDownloadAlog } from '../api/download-alog.ts';

interface DownloadAlogButtonProps {
  id: number;
  version: number;
  /** The profile's name, for the file's name. */
  name: string;
}

/** Downloads a version's curve as an Artisan .alog, in the form the user picks. */
export function DownloadAlogButton({ id, version, name }: DownloadAlogButtonProps) {
  const download = useDownloadAlog();
  const { notification } = useFeedback();
  return (
    <AlogDownloadButton
      pending={download.isPending}
      onPick={(form) =>
        download.mutate(
          { id, version, form, fallbackName: `${name} v${version}.alog` },
          {
            onError: (error) =>
              notification.error({ title: 'Error', description: errorMessage(error) }),
          },
        )
      }
    />
  );
}
