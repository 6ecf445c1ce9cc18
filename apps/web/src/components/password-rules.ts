import { passwordSchema } from '@vp/contract';
import type { Rule } from 'antd/es/form';

/** The contract's password rule, as an antd form rule, so the form says what the server would. */
export const passwordRules: Rule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const result = passwordSchema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Please enter a password.');
    },
  },
];

export function confirmRules(field: string): Rule[] {
  return [
    { required: true, message: 'Please confirm the password.' },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(field)) throw new Error('The two passwords do not match.');
      },
    }),
  ];
}
