import { useTranslation } from 'react-i18next';
import { readCode } from '@kabuto/domain/security/two-factor-code';
import { FormInput } from './form-input.tsx';
import { Field, FieldList } from '../forms/field-list.tsx';

/** Whether what was typed is a six-digit code or a recovery code (the server's own rule, packages/domain). */
export const twoFactorCodeReady = (code: string): boolean => readCode(code) !== null;

/**
 * Issue 27: the two-step code a withdrawal or a bank-card change carries while two-step sign-in is on. Its words are
 * in the `security` catalogue part, which the routes that show it load.
 */
export function TwoFactorCodeField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (code: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <FieldList>
      <Field label={t('security.moneyCodeLabel')} description={t('security.moneyCodeHint')}>
        <FormInput
          value={value}
          onChange={onChange}
          testId={testId}
          autoComplete="one-time-code"
          autoCorrect="off"
          maxLength={24}
        />
      </Field>
    </FieldList>
  );
}
