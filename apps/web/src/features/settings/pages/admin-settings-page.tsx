import { Link } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { DashboardOutlined } from '@ant-design/icons';
import type { Setting } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSetting } from '../api/update-setting.ts';
import { SettingField } from '../components/setting-field.tsx';

/** The spec's families, in its order, with the names shown on their tabs. */
const families: { key: Setting['family']; label: string }[] = [
  { key: 'order', label: 'Order' },
  { key: 'pack', label: 'Packing' },
  { key: 'dump', label: 'Dump' },
  { key: 'other', label: 'Other' },
  { key: 'order-form', label: 'Order Form' },
];

/** The console's settings, one tab per family; each change is saved as soon as it is made. */
export function AdminSettingsPage() {
  const settings = useSettings();
  const update = useUpdateSetting();
  const { message, notification } = useFeedback();

  const save = (setting: Setting, value: string) =>
    update.mutate(
      { ref_id: setting.ref_id, value },
      {
        onSuccess: (saved) => void message.success(`${saved.label} saved`),
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="How orders start, whether the plant packs, how dumps pick their silo, and the console itself."
        actions={
          <Link to={paths.admin.health.getHref()}>
            <Button icon={<DashboardOutlined />}>System Monitor</Button>
          </Link>
        }
      />
      <Card>
        {settings.data ? (
          <Tabs
            tabPlacement="start"
            type="card"
            items={families.map((family) => {
              const members = settings.data.filter((s) => s.family === family.key);
              return {
                key: family.key,
                label: family.label,
                children:
                  members.length === 0 ? (
                    <EmptyState description="This family has no settings yet." />
                  ) : (
                    members.map((setting) => (
                      <SettingField
                        key={setting.ref_id}
                        setting={setting}
                        saving={update.isPending && update.variables.ref_id === setting.ref_id}
                        onSave={(value) => save(setting, value)}
                      />
                    ))
                  ),
              };
            })}
          />
        ) : settings.isError ? (
          <LoadError
            error={settings.error}
            retrying={settings.isFetching}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        )}
      </Card>
    </>
  );
}
