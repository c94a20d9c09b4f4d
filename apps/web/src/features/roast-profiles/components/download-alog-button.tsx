import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { AlogForm } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDownloadAlog } from '../api/download-alog.ts';

const forms: { key: AlogForm; label: string }[] = [
  { key: 'json', label: 'JSON form' },
  { key: 'python', label: 'Python form (as Artisan saves it)' },
];

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
    <Dropdown
      trigger={['click']}
      menu={{
        items: forms,
        onClick: ({ key }) =>
          download.mutate(
            {
              id,
              version,
              form: key === 'python' ? 'python' : 'json',
              fallbackName: `${name} v${version}.alog`,
            },
            {
              onError: (error) =>
                notification.error({ title: 'Error', description: errorMessage(error) }),
            },
          ),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={download.isPending}>
        Download .alog <DownOutlined />
      </Button>
    </Dropdown>
  );
}
