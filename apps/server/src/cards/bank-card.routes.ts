import { bankCardAddCall, bankCardRemoveCall, bankCardsListCall } from '@kabuto/contracts/funds/bank-cards';
import { successKeys } from '@kabuto/contracts/errors';
import { route, type Route } from '../http/public.ts';
import type { BankCardService } from './bank-card.service.ts';

export function bankCardRoutes(cards: BankCardService): Route[] {
  return [
    route({ call: bankCardsListCall, handler: ({ principal }) => cards.list(principal.memberId) }),
    route({
      call: bankCardAddCall,
      success: successKeys.cardAdded,
      handler: ({ principal, body }) => cards.add(principal.memberId, body),
    }),
    route({
      call: bankCardRemoveCall,
      success: successKeys.cardRemoved,
      handler: ({ principal, body }) => cards.remove(principal.memberId, body.id, body.twoFactorCode),
    }),
  ];
}
