import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDownloadRoastAlog } from '../api/download-roast-alog.ts';

const forms = [
  { key: 'json', label: 'JSON form' },
  { key: 'python', label: 'Python form (as Artisan saves it)' },
];

/** Downloads the roast as an Artisan .alog, in the form the user picks. */
export function RoastAlogButton({ id, name }: { id: number; name: string }) {
  const download = useDownloadRoastAlog();
  const { notification } = useFeedback();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: forms,
        onClick: ({ key }) =>
          download.mutate(
            { id, form: key === 'python' ? 'python' : 'json', fallbackName: `${name}.alog` },
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
