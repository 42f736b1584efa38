import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, DotLoading, ProgressBar, Steps } from 'antd-mobile';
import { ChartColumn, CircleAlert, CircleCheck, Gift, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandHeader } from '../../../shared/components/brand-header.tsx';
import { push } from '../../../shared/navigation/navigation.ts';
import { supportChatPath } from '../../../shared/support/support-path.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import { homePathFor } from '../../../shared/session/home-path.ts';
import '../start.css';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

interface Slide {
  key: string;
  icon: ReactNode;
}

/** A step's state as a mark (UX "Start": real progress): ✓ done, dots while it runs, ! when it needs the member. */
function StepMark({ status }: { status: StepStatus }) {
  if (status === 'finish') return <CircleCheck aria-hidden="true" data-testid="start-step-done" />;
  if (status === 'error') return <CircleAlert aria-hidden="true" data-testid="start-step-attention" />;
  return <DotLoading aria-hidden="true" />;
}

const slides: readonly Slide[] = [
  { key: 'trade', icon: <ChartColumn /> },
  { key: 'offerings', icon: <Gift /> },
  { key: 'trust', icon: <ShieldCheck /> },
];

/** Start / onboarding (SPEC §2, UX "Start"): real start-up progress, three slides with skip / next, register or sign in. */
export function StartScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useUserInfo();
  const track = useRef<HTMLDivElement>(null);
  const [slide, setSlide] = useState(0);
  const lastSlide = slide === slides.length - 1;

  // Step 3 of start-up: with a stored token, ask the server whether the session still holds.
  const sessionStep: { status: StepStatus; description: string } =
    session.token === ''
      ? { status: 'finish', description: t('start.steps.noSession') }
      : info.isPending
        ? { status: 'process', description: t('start.steps.checking') }
        : info.isSuccess
          ? { status: 'finish', description: t('start.steps.signedInAs', { account: info.data.account }) }
          : { status: 'error', description: t('start.steps.sessionEnded') };
  const stepsDone = 2 + (sessionStep.status === 'process' ? 0 : 1);
  const signedIn = session.token !== '' && info.isSuccess;

  // The slides are a native scroll-snap strip: the browser does the swiping, and the first screen needs no gesture library.
  const goTo = (index: number) => {
    const element = track.current;
    if (element) element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };
  const onScroll = () => {
    const element = track.current;
    if (element && element.clientWidth > 0) setSlide(Math.round(element.scrollLeft / element.clientWidth));
  };

  return (
    <div className="page start" data-testid="start-screen">
      <BrandHeader />

      <section className="start__progress" aria-label={t('start.steps.label')} data-testid="start-steps">
        <ProgressBar percent={Math.round((stepsDone / 3) * 100)} style={{ '--track-width': '4px' }} />
        <Steps current={stepsDone - 1} style={{ '--title-font-size': '13px', '--description-font-size': '12px' }}>
          <Steps.Step
            status="finish"
            icon={<StepMark status="finish" />}
            title={t('start.steps.config')}
            description={t('start.steps.configDone')}
          />
          <Steps.Step
            status="finish"
            icon={<StepMark status="finish" />}
            title={t('start.steps.language')}
            description={t(`languages.${session.lang}`)}
          />
          <Steps.Step
            status={sessionStep.status}
            icon={<StepMark status={sessionStep.status} />}
            title={t('start.steps.session')}
            description={sessionStep.description}
          />
        </Steps>
      </section>

      <section className="start__slides" aria-roledescription="carousel" aria-label={t('start.slidesLabel')}>
        {/* Focusable so the slides also scroll with the arrow keys (WCAG 2.1.1; axe scrollable-region-focusable). */}
        <div className="start__track" ref={track} onScroll={onScroll} tabIndex={0} data-testid="start-slides">
          {slides.map(({ key, icon }, index) => (
            <div
              key={key}
              className="start__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${String(index + 1)} / ${String(slides.length)}`}
            >
              <div className="start__slide-icon" aria-hidden="true">
                {icon}
              </div>
              <h2>{t(`start.slides.${key}.title`)}</h2>
              <p>{t(`start.slides.${key}.body`)}</p>
            </div>
          ))}
        </div>
        <div className="start__dots" aria-hidden="true">
          {slides.map(({ key }, index) => (
            <span key={key} className={index === slide ? 'start__dot start__dot--active' : 'start__dot'} />
          ))}
        </div>
        <div className="start__slide-controls">
          <Button
            fill="none"
            size="small"
            disabled={lastSlide}
            onClick={() => goTo(slides.length - 1)}
            data-testid="start-skip"
          >
            {t('common.skip')}
          </Button>
          <Button
            fill="none"
            size="small"
            color="primary"
            disabled={lastSlide}
            onClick={() => goTo(slide + 1)}
            data-testid="start-next"
          >
            {t('common.next')}
          </Button>
        </div>
      </section>

      <footer className="page__footer start__actions">
        {signedIn && (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => push(homePathFor(info.data.role))}
            data-testid="start-continue"
          >
            {t('start.continueAs', { account: info.data.account })}
          </Button>
        )}
        <Button
          block
          color={signedIn ? 'default' : 'primary'}
          fill={signedIn ? 'outline' : 'solid'}
          size="large"
          onClick={() => push('/login/register')}
          data-testid="start-register"
        >
          {t('start.register')}
        </Button>
        <Button
          block
          color="default"
          fill="outline"
          size="large"
          onClick={() => push('/login/login')}
          data-testid="start-login"
        >
          {t('start.haveAccount')}
        </Button>
        <div className="start__contact">
          <Button fill="none" size="small" onClick={() => push(supportChatPath)} data-testid="start-contact">
            {t('start.contact')}
          </Button>
        </div>
      </footer>
    </div>
  );
}
