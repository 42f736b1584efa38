import { useLayoutEffect, useRef, useState } from 'react';
import { Input } from 'antd-mobile';
import type { InputProps, InputRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFieldId } from '../forms/field-list.tsx';
import './form-input.css';

export interface FormInputProps extends Omit<InputProps, 'type'> {
  /** Put on the native <input>, where browser tests type. */
  testId?: string;
  /** SPEC §5: number and digit inputs strip disallowed characters. */
  digitsOnly?: boolean;
  type?: 'text' | 'tel' | 'password' | 'search';
}

/** antd-mobile Input that forwards the test id to the real input and can keep digits only. */
export function FormInput({ testId, digitsOnly = false, onChange, maxLength, id, ...props }: FormInputProps) {
  const ref = useRef<InputRef>(null);
  const fieldId = useFieldId();
  useLayoutEffect(() => {
    const element = ref.current?.nativeElement;
    if (element && testId) element.setAttribute('data-testid', testId);
  }, [testId]);
  return (
    <Input
      ref={ref}
      {...props}
      id={id ?? fieldId}
      // Digits-only fields cut to length after stripping, so a stray character does not cost a digit.
      {...(digitsOnly ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : { maxLength })}
      onChange={(value) => onChange?.(digitsOnly ? value.replace(/\D+/g, '').slice(0, maxLength) : value)}
    />
  );
}

/** A password field with the visible toggle UX "Sign-in / register" asks for. */
export function PasswordInput(props: Omit<FormInputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <FormInput {...props} type={visible ? 'text' : 'password'} autoCapitalize="off" autoCorrect="off" />
      <button
        type="button"
        className="password-toggle"
        aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        data-testid={props.testId ? `${props.testId}-toggle` : undefined}
      >
        {/* A word, not an eye icon: as clear, and the two icons weighed 3 KiB on the sign-in screen. */}
        {t(visible ? 'common.hide' : 'common.show')}
      </button>
    </div>
  );
}
