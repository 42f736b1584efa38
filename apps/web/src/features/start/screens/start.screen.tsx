import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Dialog, ProgressBar, Steps, Swiper } from 'antd-mobile';
import type { SwiperRef } from 'antd-mobile';
import { CheckShieldOutline, GiftOutline, HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { BrandHeader } from '../../../shared/components/brand-header.tsx';
import { useAppConfig } from '../../../shared/config/app-config.ts';
import { useBootReport } from '../../../shared/config/boot-report.ts';
import { push } from '../../../shared/navigation/navigation.ts';
import { useSession } from '../../../shared/session/session.store.ts';
import { useUserInfo } from '../../../shared/session/use-user-info.ts';
import { homePathFor } from '../../../shared/session/home-path.ts';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

interface Slide {
  key: string;
  icon: ReactNode;
}

const slides: readonly Slide[] = [
  { key: 'trade', icon: <HistogramOutline /> },
  { key: 'offerings', icon: <GiftOutline /> },
  { key: 'trust', icon: <CheckShieldOutline /> },
];

/** Start / onboarding (SPEC §2, UX "Start"): real start-up progress, three slides with skip / next, register or sign in. */
export function StartScreen() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const boot = useBootReport();
  const session = useSession();
  const info = useUserInfo();
  const swiper = useRef<SwiperRef>(null);
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

  const showContact = () => {
    void Dialog.alert({
      title: t('start.contactTitle'),
      content: <div className="contact-text" data-testid="start-contact-text">{config.contact || t('start.contactMissing')}</div>,
      confirmText: t('common.close'),
    });
  };

  return (
    <div className="page start" data-testid="start-screen">
      <BrandHeader />

      <section className="start__progress" aria-label={t('start.steps.label')} data-testid="start-steps">
        <ProgressBar percent={Math.round((stepsDone / 3) * 100)} style={{ '--track-width': '4px' }} />
        <Steps current={stepsDone - 1} style={{ '--title-font-size': '13px', '--description-font-size': '12px' }}>
          <Steps.Step status="finish" title={t('start.steps.config')} description={t('start.steps.configDone', { ms: boot.configMs })} />
          <Steps.Step status="finish" title={t('start.steps.language')} description={t(`languages.${session.lang}`)} />
          <Steps.Step status={sessionStep.status} title={t('start.steps.session')} description={sessionStep.description} />
        </Steps>
      </section>

      <section className="start__slides" aria-roledescription="carousel">
        <Swiper ref={swiper} onIndexChange={setSlide} indicatorProps={{ color: 'primary' }} data-testid="start-slides">
          {slides.map(({ key, icon }) => (
            <Swiper.Item key={key}>
              <div className="start__slide">
                <div className="start__slide-icon" aria-hidden="true">
                  {icon}
                </div>
                <h2>{t(`start.slides.${key}.title`)}</h2>
                <p>{t(`start.slides.${key}.body`)}</p>
              </div>
            </Swiper.Item>
          ))}
        </Swiper>
        <div className="start__slide-controls">
          <Button fill="none" size="small" disabled={lastSlide} onClick={() => swiper.current?.swipeTo(slides.length - 1)} data-testid="start-skip">
            {t('common.skip')}
          </Button>
          <Button fill="none" size="small" color="primary" disabled={lastSlide} onClick={() => swiper.current?.swipeTo(slide + 1)} data-testid="start-next">
            {t('common.next')}
          </Button>
        </div>
      </section>

      <footer className="page__footer start__actions">
        {signedIn && (
          <Button block color="primary" size="large" onClick={() => push(homePathFor(info.data.role))} data-testid="start-continue">
            {t('start.continueAs', { account: info.data.account })}
          </Button>
        )}
        <Button block color={signedIn ? 'default' : 'primary'} fill={signedIn ? 'outline' : 'solid'} size="large" onClick={() => push('/login/register')} data-testid="start-register">
          {t('start.register')}
        </Button>
        <Button block color="default" fill="outline" size="large" onClick={() => push('/login/login')} data-testid="start-login">
          {t('start.haveAccount')}
        </Button>
        <div className="start__contact">
          <Button fill="none" size="small" onClick={showContact} data-testid="start-contact">
            {t('start.contact')}
          </Button>
        </div>
      </footer>
    </div>
  );
}
