import { createContext, useContext, useId } from 'react';
import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import './field-list.css';

const FieldIdContext = createContext<string | undefined>(undefined);

/** The id of the enclosing field's control, so its label points at it. */
export function useFieldId(): string | undefined {
  return useContext(FieldIdContext);
}

/**
 * A card of labelled fields (UX "Sign-in / register": one field per line). The kit's List carries the
 * look; values live in the screen's own state, so the kit's Form engine (rc-field-form, async-validator,
 * floating-ui: 31 KiB gzipped) is not downloaded for forms that never used it.
 */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <List mode="card" className="field-list">
      {children}
    </List>
  );
}

interface FieldProps {
  label?: ReactNode;
  /** The line under the control: its hint, or its error once touched. */
  description?: ReactNode;
  /** Beside the control, e.g. a "send code" button. */
  extra?: ReactNode;
  children: ReactNode;
}

export function Field({ label, description, extra, children }: FieldProps) {
  const id = useId();
  return (
    <List.Item
      className="field"
      title={
        label === undefined ? undefined : (
          <label className="field__label" htmlFor={id}>
            {label}
          </label>
        )
      }
      description={description}
      extra={extra}
    >
      <FieldIdContext.Provider value={id}>{children}</FieldIdContext.Provider>
    </List.Item>
  );
}
