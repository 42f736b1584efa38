import { amountTone, moneyText, signedMoneyText } from '../format/money-text.ts';
import './amount-text.css';

/** A wire amount with its sign and colour (UX: rises red, falls green, never colour alone). */
export function AmountText({
  amount,
  currency = 'JPY',
  signed = false,
  testId,
}: {
  amount: string;
  currency?: string;
  signed?: boolean;
  testId?: string;
}) {
  const tone = signed ? amountTone(amount) : 'flat';
  return (
    <span className={`amount amount--${tone} num`} data-testid={testId}>
      {signed ? signedMoneyText(amount, currency) : moneyText(amount, currency)}
    </span>
  );
}
