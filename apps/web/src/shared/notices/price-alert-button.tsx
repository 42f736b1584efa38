import { lazy, Suspense, useState } from 'react';
import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { push } from '../navigation/navigation.ts';
import { useSession } from '../session/session.store.ts';
import type { AlertStock } from './price-alert-sheet.tsx';

// The sheet downloads on the first press, not with the stock detail (its texts: part `notices`, loaded by the route).
const Sheet = lazy(() => import('./price-alert-sheet.tsx').then((m) => ({ default: m.PriceAlertSheet })));

/** Issue 27: the stock detail's "price alert" button: opens the sheet that sets one (a visitor is asked to sign in). */
export function PriceAlertButton({ stock }: { stock: AlertStock }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const label = t('notices.alerts.open');
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        title={label}
        onClick={() => {
          if (token === '') return push('/login/login');
          setAsked(true);
          setOpen(true);
        }}
        data-testid="price-alert-open"
      >
        <BellPlus aria-hidden="true" />
      </button>
      {asked && (
        <Suspense fallback={null}>
          <Sheet stock={stock} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
