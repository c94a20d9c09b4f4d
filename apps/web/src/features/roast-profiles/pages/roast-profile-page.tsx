import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import { SaveOutlined } from '@ant-design/icons';
import type { RoastProfileDetail } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { policies } from '../../../lib/authorization.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useRoastProfile } from '../api/get-roast-profile.ts';
import { useRoastProfileForm } from '../api/get-roast-profile-form.ts';
import { useRoastProfileVersion } from '../api/get-roast-profile-version.ts';
import { useReviseRoastProfile } from '../api/revise-roast-profile.ts';
import { CurveEditor } from '../components/curve-editor.tsx';
import { DownloadAlogButton } from '../components/download-alog-button.tsx';
import { PowerTable } from '../components/power-table.tsx';
import { SaveVersionModal } from '../components/save-version-modal.tsx';
import { SettingsFields } from '../components/settings-fields.tsx';
import { VersionHistory } from '../components/version-history.tsx';
import { settingsOf, settingsValues, type SettingsValues } from '../lib/settings-form.ts';
import styles from './roast-profile-pages.module.css';

/** One roast profile: its current version to read or change, and the versions before it. */
export function RoastProfilePage() {
  const { id } = useParams();
  const profile = useRoastProfile(Number(id));
  return <QueryState query={profile}>{(data) => <ProfileView profile={data} />}</QueryState>;
}

function ProfileView({ profile }: { profile: RoastProfileDetail }) {
  const canWrite = policies.plantScreens(useSignedInSession().role);
  const current = profile.current;
  const next = current.version + 1;
  const [form] = Form.useForm<SettingsValues>();
  const [asking, setAsking] = useState(false);
  const [compared, setCompared] = useState<number>();
  const comparedVersion = useRoastProfileVersion(profile.id, compared);
  const choices = useRoastProfileForm();
  const revision = useReviseRoastProfile(profile.id);
  const { message, notification } = useFeedback();
  const unit = useTemperatureUnit();
  const capacity = choices.data?.roasters.find((r) => r.code === profile.roaster)?.capacity_lbs;

  // A new version, saved here or elsewhere, starts the form again from what was saved; so does
  // the plant's unit once read or changed, the form's temperatures being in it.
  useEffect(() => form.resetFields(), [form, current.version, unit]);

  const overlay = useMemo(() => {
    const version = comparedVersion.data;
    return version && version.version === compared
      ? { name: `Version ${version.version}`, points: version.settings.reference }
      : undefined;
  }, [comparedVersion.data, compared]);

  const askWhy = () =>
    form.validateFields().then(
      () => setAsking(true),
      (error: { errorFields?: { name: (string | number)[] }[] }) => {
        const first = error.errorFields?.[0];
        if (first) form.scrollToField(first.name);
      },
    );

  const save = (reason: string) =>
    revision.mutate(
      {
        settings: settingsOf(
          form.getFieldsValue(true),
          current.settings.power,
          unit,
          current.settings,
        ),
        reason,
        source_file: null,
      },
      {
        onSuccess: (revised) => {
          void message.success(`Saved as version ${revised.current.version}`);
          setAsking(false);
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );

  return (
    <>
      <PageHeader
        title={profile.name}
        subtitle={`${profile.product_name} on ${profile.roaster_name} · version ${current.version}`}
        actions={
          <>
            <DownloadAlogButton id={profile.id} version={current.version} name={profile.name} />
            {canWrite ? (
              <Button type="primary" icon={<SaveOutlined />} onClick={() => void askWhy()}>
                Save as version {next}
              </Button>
            ) : null}
          </>
        }
      />
      <Form<SettingsValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canWrite}
        initialValues={settingsValues(current.settings, unit)}
      >
        <Card title="Reference curve" className={styles.card}>
          <CurveEditor name={`Version ${current.version}`} overlay={overlay} readOnly={!canWrite} />
        </Card>
        <div className={styles.columns}>
          <Card title="Settings" className={styles.card}>
            <SettingsFields capacityLbs={capacity} />
          </Card>
          <Card title="Burner schedule" className={styles.card}>
            <PowerTable steps={current.settings.power} />
          </Card>
        </div>
      </Form>
      <Card title="History" className={styles.card}>
        <VersionHistory versions={profile.versions} compared={compared} onCompare={setCompared} />
      </Card>
      {canWrite ? (
        <SaveVersionModal
          open={asking}
          version={next}
          submitting={revision.isPending}
          onSave={save}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
