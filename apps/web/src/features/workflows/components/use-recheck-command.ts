import { useEffect, useEffectEvent } from 'react';
import type { FormInstance } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
import type { CommandOption } from '../lib/command-options.ts';

/**
 * Checks a chosen command again once the device's commands arrive: after a change of device
 * the command may not exist any more ('Invalid label'), which is known only then.
 */
export function useRecheckCommand<Values>(
  form: FormInstance<Values>,
  field: NamePath<Values>,
  options: CommandOption[] | undefined,
): void {
  // field is a path rebuilt by every render: the check follows new options only.
  const recheck = useEffectEvent(() => {
    if (form.getFieldValue(field) === undefined) return;
    form.validateFields([field]).catch(() => undefined);
  });
  useEffect(() => {
    if (options) recheck();
  }, [options]);
}
