import { useId } from 'react';
import type { MouseEvent } from 'react';
import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { push } from '../navigation/navigation.ts';
import './consent-checkbox.css';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}

/** SPEC §5: the terms of service and privacy policy must be agreed; both links open /user/tys. */
export function ConsentCheckbox({ checked, onChange, testId }: ConsentCheckboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const open = (tab: 'terms' | 'privacy') => (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    push(`/user/tys?tab=${tab}`);
  };
  return (
    <div className="consent consent--row">
      <Checkbox id={id} className="consent__box" checked={checked} onChange={onChange} data-testid={testId} />
      <div className="consent__text">
        <label htmlFor={id}>{t('consent.label')}</label>
        {/* The texts open from links beside the sentence, not inside its label, so a tap on them never ticks the box. */}
        <span className="consent__links">
          <a href="#/user/tys?tab=terms" onClick={open('terms')} data-testid={`${testId}-terms`}>
            {t('consent.terms')}
          </a>
          <a href="#/user/tys?tab=privacy" onClick={open('privacy')} data-testid={`${testId}-privacy`}>
            {t('consent.privacy')}
          </a>
        </span>
      </div>
    </div>
  );
}
