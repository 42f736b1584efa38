import { useState } from 'react';

/** A form's text values in screen state, with `field(name)` giving a control its value and change handler. */
export function useFormValues<V extends { [K in keyof V]: string }>(initial: V | (() => V), onEdit?: () => void) {
  const [values, setValues] = useState<V>(initial);
  const field = <K extends keyof V>(name: K, normalize: (value: string) => string = (value) => value) => ({
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: normalize(value) }));
      onEdit?.();
    },
  });
  return { values, setValues, field };
}
