import { useId } from 'react';
import type { MouseEvent } from 'react';
import { Checkbox } from 'antd-mobile';
import { Trans } from 'react-i18next';
import { push } from '../navigation/navigation.ts';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}

/** SPEC §5: the terms of service and privacy policy must be agreed; both links open /user/tys. */
export function ConsentCheckbox({ checked, onChange, testId }: ConsentCheckboxProps) {
  const id = useId();
  const open = (tab: 'terms' | 'privacy') => (event: MouseEvent) => {
    // The links sit inside the box's label: open the text without ticking the box.
    event.preventDefault();
    event.stopPropagation();
    push(`/user/tys?tab=${tab}`);
  };
  return (
    <div className="consent consent--row">
      <Checkbox id={id} className="consent__box" checked={checked} onChange={onChange} data-testid={testId} />
      <label htmlFor={id} className="consent__text">
        <Trans
          i18nKey="consent.label"
          components={{
            terms: <a href="#/user/tys?tab=terms" onClick={open('terms')} data-testid={`${testId}-terms`} />,
            privacy: <a href="#/user/tys?tab=privacy" onClick={open('privacy')} data-testid={`${testId}-privacy`} />,
          }}
        />
      </label>
    </div>
  );
}
