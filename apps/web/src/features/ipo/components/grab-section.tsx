import { useMemo, useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { successKeys } from '@kabuto/contracts/errors';
import { checkGrab, grabPhase, type GrabPhase, type GrabRefusal } from '@kabuto/domain/ipo/grab';
import { lotteryUnit } from '@kabuto/domain/ipo/lottery';
import { tryMoney } from '@kabuto/domain/money';
import { grabShares, type GrabAnswer, type IpoGrab, type OfferingDetail } from '../api/ipo.api.ts';
import { useGrabOrder, useRefreshIpo } from '../api/ipo.queries.ts';
import { grabRefusalKey, grabWindowOf, sharesLeft, unitsServed } from './grab-window.ts';
import { GrabPhasePill } from './ipo-pills.tsx';
import { useIpoFormat } from './ipo-format.ts';
import { ConfirmSheet } from '../../../shared/components/confirm-sheet.tsx';
import { DetailList, type DetailRow } from '../../../shared/components/detail-list.tsx';
import { errorKeyOf } from '../../../shared/api/error-key.ts';
import { useIdempotentSubmission } from '../../../shared/api/idempotency.ts';
import { preloadNotice, showSuccess } from '../../../shared/api/notice.ts';
import { FormError } from '../../../shared/forms/form-error.tsx';
import { moneyText } from '../../../shared/format/money-text.ts';
import { jstText, useLocale } from '../../../shared/format/jst.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { translateKey } from '../../../i18n/i18n.ts';

// Issue 25 "grab shares" (docs/architecture.md): the shares of wins that lapsed are re-offered first come, first served,
// one 100-share unit to each member who entered and did not win, in a window staff set once.

/** What a press of "grab" would meet now, by the one check the server runs too (`checkGrab`). */
export type GrabCheck = ReturnType<typeof checkGrab>;

export interface GrabPress {
  /** The window's phase now, from its times in this browser; null: no window. */
  phase: GrabPhase | null;
  check: GrabCheck | null;
  /** The member may press here: their entry did not win, no unit yet, the window has not closed, no answer yet. */
  offered: boolean;
  /** The member's unit: from the detail, or from the answer until the detail is fetched again. */
  mine: IpoGrab | null;
  /** The server answered "sold out": shown as such, not as an error. */
  soldOutAnswer: boolean;
  error: string | null;
  sheet: boolean;
  busy: boolean;
  open: () => void;
  close: () => void;
  confirm: () => void;
}

/** The grab window's state and the member's press, for the section, the footer button and the confirmation sheet. */
export function useGrabPress(o: OfferingDetail, now: Date): GrabPress {
  const refresh = useRefreshIpo();
  const submission = useIdempotentSubmission();
  const facts = useMemo(() => grabWindowOf(o.grab), [o.grab]);
  const [sheet, setSheet] = useState(false);
  const [answer, setAnswer] = useState<GrabAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const phase = facts ? grabPhase(facts, now) : null;
  const check = facts
    ? checkGrab({
        window: facts,
        now,
        entryStatus: o.mine?.status ?? null,
        alreadyGrabbed: o.myGrab !== null,
        price: o.price,
        available: o.available,
      })
    : null;
  const mine = o.myGrab ?? (answer?.result === 'won' ? answer.grab : null);

  const act = useMutation({
    mutationFn: () => grabShares(o.id, submission.headersFor({ id: o.id, grab: 'unit' })),
    onSuccess: async (res) => {
      submission.settle();
      setSheet(false);
      setError(null);
      setAnswer(res);
      if (res.result === 'won') showSuccess(successKeys.grabbed);
      await refresh();
    },
    onError: (e) => {
      submission.settle(e);
      setSheet(false);
      setError(errorKeyOf(e));
      void refresh();
    },
  });

  return {
    phase,
    check,
    offered: phase !== null && phase !== 'ended' && o.mine?.status === 'notWon' && mine === null && answer === null,
    mine,
    soldOutAnswer: answer?.result === 'soldOut',
    error,
    sheet,
    busy: act.isPending,
    open: () => {
      preloadNotice();
      setError(null);
      setSheet(true);
    },
    close: () => setSheet(false),
    // Checked again on confirming: the window may have closed or sold out while the sheet was open.
    confirm: () => {
      if (act.isPending) return;
      if (check && 'ok' in check) act.mutate();
      else setSheet(false);
    },
  };
}

/** The grab window: its times (JST), shares re-offered and left, its phase, the member's unit, the serving order. */
export function GrabSection({ offering: o, press }: { offering: OfferingDetail; press: GrabPress }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  const grab = o.grab;
  if (!grab || !press.phase) return null;
  const note =
    press.phase === 'notYetOpen'
      ? t('ipo.grab.note.notYetOpen', { opens: f.when(grab.opensAt) })
      : press.phase === 'open'
        ? t('ipo.grab.note.open', { closes: f.when(grab.closesAt) })
        : press.phase === 'soldOut'
          ? t('ipo.grab.note.soldOut')
          : t('ipo.grab.note.ended', { closes: f.when(grab.closesAt) });
  const rows: DetailRow[] = [
    { label: t('ipo.grab.window'), value: f.range(grab.opensAt, grab.closesAt), className: 'num' },
    { label: t('ipo.grab.offered'), value: f.shares(grab.shares), className: 'num', testId: 'ipo-grab-offered' },
    { label: t('ipo.grab.left'), value: f.shares(sharesLeft(grab)), className: 'num', testId: 'ipo-grab-left' },
  ];
  return (
    <section className="ipo-section" aria-labelledby="ipo-grab-title" data-testid="ipo-grab" data-phase={press.phase}>
      <div className="ipo-section__head">
        <h2 className="ipo-section__title" id="ipo-grab-title">
          {t('ipo.grab.title')}
        </h2>
        <GrabPhasePill phase={press.phase} />
      </div>
      <p className="ipo-hint">{t('ipo.grab.body')}</p>
      <p className="ipo-hint" data-testid="ipo-grab-note">
        {note}
      </p>
      <DetailList compact rows={rows} />
      {press.soldOutAnswer && (
        <p className="ipo-grab__sold-out" role="status" data-testid="ipo-grab-sold-out">
          {t('ipo.grab.soldOut')}
        </p>
      )}
      {press.mine && <MyGrab grab={press.mine} />}
      {press.phase !== 'notYetOpen' && <ServingOrder offering={o} served={unitsServed(grab)} />}
    </section>
  );
}

/** At the bottom, within thumb reach: "Grab 100 shares (¥…)", enabled only when the check allows it, or why not. */
export function GrabAction({ offering: o, press }: { offering: OfferingDetail; press: GrabPress }) {
  const { t } = useTranslation();
  const check = press.check;
  if (!check) return null;
  const unitPrice = tryMoney(o.price)?.times(lotteryUnit) ?? null;
  return (
    <>
      <FormError error={press.error} testId="ipo-error" />
      {'refused' in check && <GrabRefusalLine refusal={check.refused} />}
      {'soldOut' in check && (
        <p className="ipo-grab__sold-out" role="status" data-testid="ipo-grab-refusal" data-refusal="soldOut">
          {t('ipo.grab.soldOutBefore')}
        </p>
      )}
      <Button
        block
        size="large"
        color="primary"
        disabled={!('ok' in check)}
        onClick={press.open}
        data-testid="ipo-grab-submit"
      >
        {t('ipo.grab.button', { amount: unitPrice === null ? '—' : moneyText(unitPrice.toFixed()) })}
      </Button>
    </>
  );
}

/** Why the press cannot go ahead, before it is sent, with the way forward where there is one. */
function GrabRefusalLine({ refusal }: { refusal: GrabRefusal }) {
  const { t } = useTranslation();
  return (
    <div className="ipo-refusal" data-testid="ipo-grab-refusal" data-refusal={refusal}>
      <p role="alert">{translateKey(grabRefusalKey[refusal])}</p>
      {refusal === 'insufficientBalance' && (
        <Button size="small" color="primary" fill="outline" onClick={() => push('/user/recharge')}>
          {t('ipo.subscribe.deposit')}
        </Button>
      )}
    </div>
  );
}

/** The bottom sheet that restates what the press pays, before it is sent. */
export function GrabSheet({ offering: o, press }: { offering: OfferingDetail; press: GrabPress }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const f = useIpoFormat();
  const check = press.check;
  if (!press.sheet || !check || !('ok' in check) || !o.grab) return null;
  const { shares, amount } = check.ok;
  const after = tryMoney(o.available)?.minus(amount) ?? null;
  return (
    <ConfirmSheet
      open
      title={t('ipo.grab.sheetTitle')}
      headline={moneyText(amount.toFixed())}
      headlineLabel={t('ipo.grab.amount')}
      rows={[
        { label: t('ipo.fields.stock'), value: `${o.names[lang]} ${o.code}` },
        { label: t('ipo.fields.price'), value: moneyText(o.price), className: 'num' },
        { label: t('ipo.grab.mine.shares'), value: f.shares(shares), className: 'num' },
        {
          label: t('ipo.grab.availableAfter'),
          value: after === null ? '—' : moneyText(after.toFixed()),
          className: 'num',
        },
        { label: t('ipo.grab.window'), value: f.range(o.grab.opensAt, o.grab.closesAt), className: 'num' },
      ]}
      note={t('ipo.grab.sheetNote')}
      confirmLabel={t('ipo.grab.confirm')}
      busy={press.busy}
      onConfirm={press.confirm}
      onClose={press.close}
      testId="ipo-grab-sheet"
    />
  );
}

/** The member's unit: its place in the serving order, what was paid and when, and the position it became. */
function MyGrab({ grab: g }: { grab: IpoGrab }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  const rows: DetailRow[] = [
    {
      label: t('ipo.grab.mine.place'),
      value: t('ipo.grab.mine.placeText', { seq: g.seq }),
      className: 'num',
      testId: 'ipo-grab-mine-place',
      rowClassName: 'detail-list__strong',
    },
    { label: t('ipo.grab.mine.shares'), value: f.shares(g.shares), className: 'num' },
    { label: t('ipo.grab.mine.amount'), value: moneyText(g.amount), className: 'num', testId: 'ipo-grab-mine-amount' },
    { label: t('ipo.grab.mine.at'), value: f.when(g.at), className: 'num' },
  ];
  return (
    <div className="ipo-grab__mine" data-testid="ipo-grab-mine" data-seq={g.seq}>
      <h3 className="ipo-grab__mine-title">{t('ipo.grab.mine.title')}</h3>
      <DetailList compact rows={rows} />
      <p className="ipo-hint">{t('ipo.grab.mine.note')}</p>
      <Button
        block
        color="primary"
        fill="outline"
        onClick={() => push(`/position/positionDetail?orderNo=${encodeURIComponent(g.positionOrderNo)}`)}
        data-testid="ipo-grab-to-position"
      >
        {t('ipo.entry.toPosition')}
      </Button>
    </div>
  );
}

/** The published serving order (place, masked account, time), fetched when the member opens it, like the draw order. */
function ServingOrder({ offering: o, served }: { offering: OfferingDetail; served: number }) {
  const { t } = useTranslation();
  const lang = useLocale();
  const [open, setOpen] = useState(false);
  const order = useGrabOrder(o.id, open);
  return (
    <div className="ipo-allocation" data-testid="ipo-grab-order">
      <p className="ipo-hint">{t('ipo.grab.order.body')}</p>
      <Button
        size="small"
        fill="outline"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        data-testid="ipo-grab-order-toggle"
      >
        {t(open ? 'ipo.grab.order.hide' : 'ipo.grab.order.show', { count: served })}
      </Button>
      {open &&
        (order.isError ? (
          <div className="ipo-verify__failed" data-testid="ipo-grab-order-failed">
            <p role="alert">{t('ipo.grab.order.loadFailed')}</p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              loading={order.isFetching}
              onClick={() => void order.refetch()}
            >
              {t('common.retry')}
            </Button>
          </div>
        ) : !order.data ? (
          <div aria-busy="true">
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        ) : order.data.items.length === 0 ? (
          <p className="ipo-hint" data-testid="ipo-grab-order-empty">
            {t('ipo.grab.order.empty')}
          </p>
        ) : (
          <div className="ipo-table-scroll">
            <table className="ipo-table" data-testid="ipo-grab-order-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('ipo.verify.account')}</th>
                  <th scope="col">{t('ipo.grab.order.at')}</th>
                </tr>
              </thead>
              <tbody>
                {order.data.items.map((item) => (
                  <tr key={item.seq} data-testid="ipo-grab-order-row" data-seq={item.seq}>
                    <td className="num">{item.seq}</td>
                    <td className="mono">{item.account}</td>
                    <td className="num">{jstText(item.at, 'M/D h:m:s', lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </div>
  );
}
