import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  roastProfileMessages as M,
  type AlogPreview,
  type TemperatureUnit,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useCreateRoastProfile } from '../api/create-roast-profile.ts';
import { useRoastProfileForm } from '../api/get-roast-profile-form.ts';
import { AlogImport } from '../components/alog-import.tsx';
import { CurveEditor } from '../components/curve-editor.tsx';
import { SettingsFields } from '../components/settings-fields.tsx';
import {
  blankSettings,
  settingsOf,
  valuesFromAlog,
  type SettingsValues,
} from '../lib/settings-form.ts';
import styles from './roast-profile-pages.module.css';

interface NewProfileValues extends SettingsValues {
  name: string;
  product_id: number | undefined;
  roaster: string | undefined;
}

const initialValuesIn = (unit: TemperatureUnit): NewProfileValues => ({
  ...blankSettings(unit),
  name: '',
  product_id: undefined,
  roaster: undefined,
});

/** A new profile for a product on a roaster: its settings and its curve, typed or imported. */
export function NewRoastProfilePage() {
  const [form] = Form.useForm<NewProfileValues>();
  const choices = useRoastProfileForm();
  const creation = useCreateRoastProfile();
  const navigate = useNavigate();
  const { message, notification } = useFeedback();
  const [sourceFile, setSourceFile] = useState<string | null>(null);
  const roaster = Form.useWatch('roaster', form);
  const capacity = choices.data?.roasters.find((r) => r.code === roaster)?.capacity_lbs;
  const unit = useTemperatureUnit();
  // The form's temperatures are in the plant's unit: read (or changed), it starts the form again.
  useEffect(() => form.resetFields(), [form, unit]);
  const backToList = () => void navigate(paths.roastProfiles.getHref());

  const imported = (preview: AlogPreview, fileName: string) => {
    form.setFieldsValue(valuesFromAlog(preview, unit));
    if (!form.getFieldValue('name') && preview.title) form.setFieldValue('name', preview.title);
    setSourceFile(fileName);
  };

  const submit = (values: NewProfileValues) =>
    creation.mutate(
      {
        name: values.name.trim(),
        product_id: values.product_id ?? 0,
        roaster: values.roaster ?? '',
        settings: settingsOf(values, [], unit),
        source_file: sourceFile,
      },
      {
        onSuccess: (created) => {
          void message.success(`Roast profile ${created.name} created`);
          void navigate(paths.roastProfile.getHref(created.id));
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );

  return (
    <>
      <PageHeader
        title="New Roast Profile"
        subtitle="One profile per product and roaster; every later change is kept as a new version."
        actions={
          <Button icon={<ArrowLeftOutlined />} onClick={backToList}>
            Roast Profiles
          </Button>
        }
      />
      <Form<NewProfileValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValuesIn(unit)}
        scrollToFirstError
        onFinish={submit}
      >
        <Card title="Profile" className={styles.card}>
          <div className={styles.identity}>
            <Form.Item
              name="name"
              label="Name"
              rules={[{ required: true, whitespace: true, message: M.name }, { max: 120 }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="product_id"
              label="Product"
              rules={[{ required: true, message: M.product }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={choices.isPending}
                options={choices.data?.products.map((p) => ({
                  value: p.product_id,
                  label: p.product_name,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="roaster"
              label="Roaster"
              rules={[{ required: true, message: M.roaster }]}
            >
              <Select
                loading={choices.isPending}
                options={choices.data?.roasters.map((r) => ({ value: r.code, label: r.name }))}
              />
            </Form.Item>
          </div>
          <SettingsFields capacityLbs={capacity} />
        </Card>
        <Card title="Reference curve" className={styles.card}>
          <AlogImport onImported={imported} />
          <CurveEditor name="Reference" />
        </Card>
        <div className={styles.footer}>
          <Button onClick={backToList}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={creation.isPending}>
            Create profile
          </Button>
        </div>
      </Form>
    </>
  );
}
