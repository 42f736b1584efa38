import { useId } from 'react';
import type { MouseEvent } from 'react';
import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { push } from '../navigation/navigation.ts';

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
    // The links sit inside the box's label: open the text without ticking the box.
    event.preventDefault();
    event.stopPropagation();
    push(`/user/tys?tab=${tab}`);
  };
  return (
    <div className="consent consent--row">
      <Checkbox id={id} className="consent__box" checked={checked} onChange={onChange} data-testid={testId} />
      <label htmlFor={id} className="consent__text">
        {/* Five keys rather than <Trans>: word order differs by language, and Trans's markup parser would ride on the sign-in screen. */}
        {t('consent.before')}
        <a href="#/user/tys?tab=terms" onClick={open('terms')} data-testid={`${testId}-terms`}>
          {t('consent.terms')}
        </a>
        {t('consent.between')}
        <a href="#/user/tys?tab=privacy" onClick={open('privacy')} data-testid={`${testId}-privacy`}>
          {t('consent.privacy')}
        </a>
        {t('consent.after')}
      </label>
    </div>
  );
}
