import type { ReactNode } from 'react';
import Form, { type FormInstance } from 'antd/es/form';
import Modal from 'antd/es/modal';

interface FormModalProps<Values> {
  title: string;
  open: boolean;
  form: FormInstance<Values>;
  okText: string;
  submitting: boolean;
  initialValues?: Partial<Values>;
  /** For forms wider than antd's default dialog, such as lists of rows. */
  width?: number;
  /**
   * The field to focus once the dialog is open. A field's autoFocus loses to the focus lock of
   * the dialog underneath when this one is opened from another dialog.
   */
  focusField?: string;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A dialog around a form. The whole dialog is the form, so Enter in any field submits it and
 * the OK button is a real submit button.
 */
export function FormModal<Values>({
  title,
  open,
  form,
  okText,
  submitting,
  initialValues,
  width,
  focusField,
  onSubmit,
  onCancel,
  children,
}: FormModalProps<Values>) {
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText={okText}
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={submitting}
      onCancel={onCancel}
      afterOpenChange={(opened) => {
        if (opened && focusField) form.focusField(focusField);
      }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          clearOnDestroy
          onFinish={onSubmit}
        >
          {dialog}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
