import { useState } from 'react';
import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '@kabuto/contracts/errors';
import { orderRefusalKey } from '@kabuto/contracts/daytrade/refusals';
import { checkDayTradeOrder, readCutOff } from '@kabuto/domain/daytrade/day-trade';
import { tryMoney } from '@kabuto/domain/money';
import { useDayTradeQuota } from '../api/day-trade.api.ts';
import { moneyText } from '../../../shared/format/money-text.ts';
import { useAddressParam } from '../../../shared/navigation/use-address-param.ts';

export interface DayTradeTicket {
  /** A quota is in progress: the ticket offers the choice. */
  readonly offered: boolean;
  readonly on: boolean;
  readonly setOn: (on: boolean) => void;
  /** The domain's refusal of this day trade (no quota, over the quota, after the cut-off), or null. */
  readonly problem: ErrorKey | null;
  readonly remaining: string | null;
  readonly cutOff: string | null;
}

/**
 * Issue 26: the ticket's "day trade" choice. Offered when a quota is in progress (and chosen at once when the ticket
 * was opened from the day-trading screen, `dayTrade=1`); the order's margin is checked against the quota with the
 * domain's `checkDayTradeOrder`, as the server does inside the order's transaction.
 */
export function useDayTradeTicket(margin: string | null): DayTradeTicket {
  const quota = useDayTradeQuota();
  const asked = useAddressParam('dayTrade') === '1';
  const [chosen, setOn] = useState<boolean | null>(null);
  const o = quota.data;
  const offered = o?.inForce !== null && o?.inForce !== undefined;
  const on = offered && (chosen ?? asked);
  const amount = margin === null ? null : tryMoney(margin);
  let problem: ErrorKey | null = null;
  if (on && o && amount) {
    const checked = checkDayTradeOrder(amount, {
      quota: o.inForce?.quota ?? null,
      // What the open day trades use, as one figure.
      open: [{ status: 'holding', margin: o.used, limitPrice: null, quantity: '0', leverage: 1 }],
      profile: o.profile,
      cutOff: readCutOff(o.cutOff) ?? 0,
      now: new Date(),
    });
    if ('refused' in checked) problem = orderRefusalKey[checked.refused];
  }
  return {
    offered,
    on,
    setOn,
    problem,
    remaining: o && offered ? o.remaining : null,
    cutOff: o?.cutOff ?? null,
  };
}

export function DayTradeChoice({ state }: { state: DayTradeTicket }) {
  const { t } = useTranslation();
  if (!state.offered) return null;
  return (
    <div className="ticket__field ticket__daytrade" data-testid="ticket-daytrade">
      <Checkbox checked={state.on} onChange={(v) => state.setOn(v)} data-testid="ticket-daytrade-check">
        {t('daytrade.ticket.choice', { time: state.cutOff ?? '' })}
      </Checkbox>
      {state.on && state.remaining !== null && (
        <span className="ticket__hint num" data-testid="ticket-daytrade-remaining">
          {t('daytrade.ticket.remaining', { amount: moneyText(state.remaining) })}
        </span>
      )}
    </div>
  );
}
