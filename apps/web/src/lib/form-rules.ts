import type { Rule } from 'antd/es/form';
import { MIN_PASSWORD_LENGTH, passwordMessages } from '@roastery/contract';

/** Anything that checks a value the way the server will, such as a field of a zod schema. */
interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A form rule that applies the shared contract's check, so the form and server agree. An empty
 * field (a cleared number field holds null) is the required rule's to judge.
 */
export function schemaRule(schema: FieldSchema): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}

/** The spec's rule for any new password: required, and at least MIN_PASSWORD_LENGTH long. */
export function newPasswordRules(requiredMessage: string): Rule[] {
  return [
    { required: true, message: requiredMessage },
    { min: MIN_PASSWORD_LENGTH, message: passwordMessages.tooShort },
  ];
}

/** The confirm field must repeat the field named passwordField. */
export function confirmPasswordRules(passwordField: string, requiredMessage: string): Rule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (!value || getFieldValue(passwordField) === value) return;
        throw new Error(passwordMessages.mismatch);
      },
    }),
  ];
}
