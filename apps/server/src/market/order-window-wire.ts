import type { OrderWindow } from '@kabuto/domain/market/order-window';
import type { OrderWindowWire } from '@kabuto/contracts/trade/orders';

/** Issue 26: the order window as the status call, the ticket and the pre-market screen show it. */
export const orderWindowWire = (w: OrderWindow): OrderWindowWire =>
  w.kind === 'open'
    ? { kind: 'open', opensAt: null, sessionDay: null, newDay: false }
    : { kind: w.kind, opensAt: w.opensAt.toISOString(), sessionDay: w.sessionDay, newDay: w.newDay };
