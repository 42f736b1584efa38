import { Decimal, money, roundYen } from '../money.ts';
import { dailyInterest } from './loan-interest.ts';

/** An instalment month is 30 days (the due dates are every 30 days from the payout). */
export const instalmentDays = 30;

export interface Instalment {
  /** 1-based. */
  readonly n: number;
  /** Days after the payout the instalment falls due. */
  readonly dueDay: number;
  readonly payment: Decimal;
  readonly interest: Decimal;
  readonly principal: Decimal;
  /** Principal still owed after this instalment. */
  readonly balance: Decimal;
}

/** How many monthly instalments a term of `termDays` days has: one for each started 30 days. */
export const instalmentCount = (termDays: number): number => Math.max(1, Math.ceil(termDays / instalmentDays));

/**
 * Equal monthly instalments (annuity): A = P × i / (1 − (1 + i)^−n) with i = 30 × the daily rate and n instalments,
 * rounded half-up to the yen. Each instalment's interest is what the daily job charges over its days on the principal
 * still owed (each day rounded to the yen, the last period only as many days as the term has left); the rest of A
 * repays principal. The last instalment repays whatever principal is left with its interest, so it absorbs every
 * rounding: the instalments sum to principal + interest exactly, in whole yen.
 */
export function annuitySchedule(principalText: string, dailyRate: string, termDays: number): Instalment[] {
  const principal = money(principalText);
  const n = instalmentCount(termDays);
  const i = money(dailyRate).times(instalmentDays);
  const level = i.isZero()
    ? roundYen(principal.div(n))
    : roundYen(principal.times(i).div(new Decimal(1).minus(i.plus(1).pow(-n))));
  const out: Instalment[] = [];
  let balance = principal;
  for (let k = 1; k <= n; k++) {
    const days = k < n ? instalmentDays : termDays - instalmentDays * (n - 1);
    const interest = dailyInterest(balance, dailyRate).times(Math.max(days, 0));
    const last = k === n;
    let principalPart = last ? balance : level.minus(interest);
    if (principalPart.lt(0)) principalPart = new Decimal(0);
    if (principalPart.gt(balance)) principalPart = balance;
    balance = balance.minus(principalPart);
    out.push({
      n: k,
      dueDay: k < n ? k * instalmentDays : termDays,
      payment: principalPart.plus(interest),
      interest,
      principal: principalPart,
      balance,
    });
  }
  return out;
}

/** The schedule's total interest (what the instalments cost beyond the principal). */
export const scheduleInterest = (s: readonly Instalment[]): Decimal =>
  s.reduce((t, x) => t.plus(x.interest), new Decimal(0));
