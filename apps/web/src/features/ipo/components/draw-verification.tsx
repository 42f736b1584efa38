import { useEffect, useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { checkDraw, type DrawCheck } from '@kabuto/domain/ipo/lottery';
import type { OfferingDetail, PublishedDraw } from '../api/ipo.api.ts';
import { usePublishedDraw } from '../api/ipo.queries.ts';
import { useIpoFormat } from './ipo-format.ts';

/** What the browser found: still working, the check's answer, or a published list the procedure cannot read. */
type Outcome = { kind: 'pending' } | { kind: 'checked'; check: DrawCheck } | { kind: 'unreadable'; reason: string };

/** `data-result` of the section: what a test or a member's screenshot can point at. */
const resultOf = (o: Outcome): string =>
  o.kind === 'pending' ? 'pending' : o.kind === 'unreadable' ? 'unreadable' : o.check.ok ? 'matches' : o.check.failed;

/**
 * docs/ipo-lottery.md: the member's browser repeats the draw from what was published — the commitment shown on this
 * screen since the window opened, the revealed secret, every entry and the shares on offer — with the same code the
 * server ran (`checkDraw`), and says whether the published result matches, or exactly where it does not.
 */
export function DrawVerification({ offering }: { offering: OfferingDetail }) {
  const { t } = useTranslation();
  const draw = usePublishedDraw(offering.id, offering.secret !== null);
  const outcome = useDrawCheck(offering, draw.data);

  return (
    <section
      className="ipo-section ipo-verify"
      aria-labelledby="ipo-verify-title"
      data-testid="ipo-verify"
      data-result={resultOf(outcome)}
    >
      <h2 className="ipo-section__title" id="ipo-verify-title">
        {t('ipo.verify.title')}
      </h2>
      <p className="ipo-hint">{t('ipo.verify.body')}</p>
      {draw.isError ? (
        <div className="ipo-verify__failed" data-testid="ipo-verify-failed">
          <p role="alert">{t('ipo.verify.loadFailed')}</p>
          <Button
            size="small"
            color="primary"
            fill="outline"
            loading={draw.isFetching}
            onClick={() => void draw.refetch()}
          >
            {t('common.retry')}
          </Button>
        </div>
      ) : !draw.data || outcome.kind === 'pending' ? (
        <div aria-busy="true" data-testid="ipo-verify-pending">
          <p className="ipo-hint">{t('ipo.verify.pending')}</p>
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ) : outcome.kind === 'unreadable' ? (
        <Verdict ok={false} text={t('ipo.verify.unreadable', { reason: outcome.reason })} />
      ) : (
        <CheckResult check={outcome.check} draw={draw.data} mine={draw.data.mine ?? offering.mine?.id ?? null} />
      )}
    </section>
  );
}

/** Runs the check once the published draw is here (Web Crypto is asynchronous), and again if it changes. */
function useDrawCheck(offering: OfferingDetail, published: PublishedDraw | undefined): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  // The commitment and the offer the screen has shown since the window opened, not the ones sent with the draw.
  const commitment = offering.commitment ?? published?.commitment ?? '';
  const sharesOnOffer = offering.sharesOnOffer;
  useEffect(() => {
    if (!published) return undefined;
    let current = true;
    setOutcome({ kind: 'pending' });
    checkDraw({
      commitment,
      secret: published.secret,
      entries: published.entries.map((e) => ({ id: e.id, shares: e.shares })),
      sharesOnOffer,
      result: published.entries.map((e) => ({ id: e.id, won: e.won })),
    }).then(
      (check) => current && setOutcome({ kind: 'checked', check }),
      (error: unknown) =>
        current && setOutcome({ kind: 'unreadable', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [published, commitment, sharesOnOffer]);
  return outcome;
}

function Verdict({ ok, text }: { ok: boolean; text: string }) {
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <p
      className={`ipo-verdict ipo-verdict--${ok ? 'ok' : 'failed'}`}
      role={ok ? 'status' : 'alert'}
      data-testid="ipo-verify-verdict"
    >
      <Icon aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

function CheckResult({ check, draw, mine }: { check: DrawCheck; draw: PublishedDraw; mine: string | null }) {
  const { t } = useTranslation();
  const f = useIpoFormat();
  if (check.ok) {
    const own = mine === null ? undefined : check.draw.order.find((e) => e.id === mine);
    return (
      <>
        <Verdict ok text={t('ipo.verify.matches')} />
        <p className="ipo-verify__count num" data-testid="ipo-verify-count" data-count={check.draw.order.length}>
          {t('ipo.verify.checked', { count: check.draw.order.length })}
        </p>
        {own && (
          <p className="ipo-verify__mine num" data-testid="ipo-verify-mine" data-won={own.won}>
            {own.won === '0'
              ? t('ipo.verify.mineNotWon', { id: own.id })
              : t('ipo.verify.mineWon', { id: own.id, shares: f.shares(own.won) })}
          </p>
        )}
        <Allocation order={check.draw.order} draw={draw} mine={mine} />
      </>
    );
  }
  if (check.failed === 'commitment')
    return (
      <>
        <Verdict ok={false} text={t('ipo.verify.commitmentFailed')} />
        <dl className="ipo-hashes" data-testid="ipo-verify-commitment">
          <div>
            <dt>{t('ipo.verify.publishedCommitment')}</dt>
            <dd className="mono" data-testid="ipo-verify-expected">
              {check.expected}
            </dd>
          </div>
          <div>
            <dt>{t('ipo.verify.secretHash')}</dt>
            <dd className="mono" data-testid="ipo-verify-hash">
              {check.published === '' ? t('ipo.verify.secretMalformed') : check.published}
            </dd>
          </div>
        </dl>
      </>
    );
  return (
    <>
      <Verdict ok={false} text={t('ipo.verify.resultFailed', { count: check.differences.length })} />
      <table className="ipo-table" data-testid="ipo-verify-differences">
        <thead>
          <tr>
            <th scope="col">{t('ipo.verify.entryId')}</th>
            <th scope="col">{t('ipo.verify.recomputed')}</th>
            <th scope="col">{t('ipo.verify.publishedWon')}</th>
          </tr>
        </thead>
        <tbody>
          {check.differences.map((d) => (
            <tr
              key={d.id}
              data-testid="ipo-verify-difference"
              data-entry-id={d.id}
              className={d.id === mine ? 'ipo-table__mine' : undefined}
            >
              <th scope="row" className="mono">
                {d.id}
              </th>
              <td className="num">{/^\d+$/.test(d.recomputed) ? d.recomputed : t('ipo.verify.noSuchEntry')}</td>
              <td className="num">{d.published}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** docs/ipo-lottery.md "What you see after the draw": every entry's place in the order, its key, and what it won. */
function Allocation({
  order,
  draw,
  mine,
}: {
  order: Extract<DrawCheck, { ok: true }>['draw']['order'];
  draw: PublishedDraw;
  mine: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const published = new Map(draw.entries.map((e) => [e.id, e]));
  return (
    <div className="ipo-allocation">
      <Button
        size="small"
        fill="outline"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="ipo-allocation-toggle"
      >
        {t(open ? 'ipo.verify.hideOrder' : 'ipo.verify.showOrder', { count: order.length })}
      </Button>
      {open && (
        <div className="ipo-table-scroll">
          <table className="ipo-table" data-testid="ipo-allocation">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('ipo.verify.entryId')}</th>
                <th scope="col">{t('ipo.verify.account')}</th>
                <th scope="col">{t('ipo.verify.key')}</th>
                <th scope="col">{t('ipo.verify.asked')}</th>
                <th scope="col">{t('ipo.verify.won')}</th>
              </tr>
            </thead>
            <tbody>
              {order.map((e, i) => (
                <tr key={e.id} className={e.id === mine ? 'ipo-table__mine' : undefined} data-entry-id={e.id}>
                  <td className="num">{i + 1}</td>
                  <th scope="row" className="mono">
                    {e.id}
                  </th>
                  <td className="mono">{published.get(e.id)?.account ?? ''}</td>
                  <td className="mono" title={e.key}>
                    {e.key.slice(0, 10)}…
                  </td>
                  <td className="num">{published.get(e.id)?.shares ?? ''}</td>
                  <td className="num">{e.won}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
