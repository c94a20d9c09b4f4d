import { useState } from 'react';
import Divider from 'antd/es/divider';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import type { Setting } from '@roastery/contract';
import styles from './setting-field.module.css';

interface SettingFieldProps {
  setting: Setting;
  saving: boolean;
  onSave: (value: string) => void;
}

/** A free-text setting is saved when the field is left or Enter is pressed, not per key. */
function TextSetting({ setting, saving, onSave }: SettingFieldProps) {
  const [draft, setDraft] = useState(setting.value);
  const save = () => {
    if (draft !== setting.value) onSave(draft);
  };
  return (
    <Input
      id={setting.ref_id}
      value={draft}
      placeholder={setting.placeholder}
      disabled={saving}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
      onPressEnter={save}
      maxLength={80}
    />
  );
}

/** A switch holds two options: the first is on, the second off. */
function SwitchSetting({ setting, saving, onSave }: SettingFieldProps) {
  const [on, off] = setting.options;
  if (!on || !off) return <Typography.Text type="secondary">{setting.value}</Typography.Text>;
  return (
    <Switch
      id={setting.ref_id}
      checked={setting.value === on.value}
      loading={saving}
      checkedChildren={on.text}
      unCheckedChildren={off.text}
      onChange={(checked) => onSave(checked ? on.value : off.value)}
    />
  );
}

/** One setting, drawn by its type: a select, a switch, a text field, or a divider heading. */
export function SettingField(props: SettingFieldProps) {
  const { setting, saving, onSave } = props;
  if (setting.type === 'divider') {
    return (
      <Divider titlePlacement="start" className={styles.divider}>
        {setting.label}
      </Divider>
    );
  }
  return (
    <div className={styles.row}>
      <label htmlFor={setting.ref_id} className={styles.label}>
        {setting.label}
      </label>
      <div className={styles.control}>
        {setting.type === 'select' ? (
          <Select
            id={setting.ref_id}
            value={setting.value}
            loading={saving}
            disabled={saving}
            placeholder={setting.placeholder}
            options={setting.options.map((option) => ({
              value: option.value,
              label: option.text,
            }))}
            onChange={onSave}
            className={styles.select}
          />
        ) : setting.type === 'switch' ? (
          <SwitchSetting {...props} />
        ) : (
          <TextSetting key={setting.value} {...props} />
        )}
      </div>
    </div>
  );
}
