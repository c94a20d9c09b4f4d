import Select, { type SelectProps } from 'antd/es/select';
import { INVALID_LABEL, type CommandOption } from '../lib/command-options.ts';

type CommandSelectProps = Omit<SelectProps<number>, 'options' | 'showSearch'> & {
  options: CommandOption[] | undefined;
};

/** A searchable command list; a typed label the device does not have reads 'Invalid label'. */
export function CommandSelect({ options, ...props }: CommandSelectProps) {
  return (
    <Select<number>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={options === undefined && !props.disabled}
      options={options ?? []}
      notFoundContent={options === undefined ? null : INVALID_LABEL}
    />
  );
}
