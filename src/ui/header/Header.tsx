// The top bar: product name, the virtual clock, time controls, save state, reset and language.
import { cachedT } from '../i18n/cachedT.ts';
import { useTranslation } from 'react-i18next';
import type { ClusterSettings, Speed } from '../../worker/protocol.ts';
import { SPEEDS } from '../../worker/protocol.ts';
import { formatElapsed, formatTimestamp, formatWallTime } from '../format.ts';
import { setLanguage, type Language } from '../i18n/index.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { THEMES, type ThemeChoice } from '../theme.ts';
import { FaultMenu } from './FaultMenu.tsx';
import { NodesMenu } from './NodesMenu.tsx';
import { CniMenu } from '../network/CniMenu.tsx';
import { useArmedConfirm } from '../menu/useArmedConfirm.ts';

export interface HeaderProps {
  store: ClusterViewStore;
  onPlay(speed: Speed): void;
  onPause(): void;
  onStep(): void;
  onReset(): void;
  /** Reset with other node IPAM settings; rejects (naming the field) when they are invalid. */
  onResetWith(settings: ClusterSettings): Promise<unknown>;
  /** Run a command in the terminal (faults, time jumps). */
  run(line: string): void;
  onPalette(): void;
  theme: ThemeChoice;
  onTheme(theme: ThemeChoice): void;
}

const THEME_ICON: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

function ThemeSwitch({ theme, onTheme }: Pick<HeaderProps, 'theme' | 'onTheme'>) {
  const { t } = useTranslation();
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
  return (
    <button
      type="button"
      className="btn btn-ghost"
      data-testid="theme-switch"
      data-theme-choice={theme}
      aria-label={t('theme.label', { theme: t(`theme.${theme}`) })}
      title={t('theme.next', { theme: t(`theme.${next}`) })}
      onClick={() => onTheme(next)}
    >
      {THEME_ICON[theme]}
    </button>
  );
}

/**
 * Text that changes with every frame at speed, in a box as wide as its characters (the clock's font is monospaced)
 * with its layout contained: a new time then lays out this box alone, not the header and the page around it.
 */
function TickingText({ className, text, ...rest }: { className: string; text: string; title: string; 'data-testid': string }) {
  return (
    <span className={`${className} ticking-text`} style={{ width: `${text.length}ch` }} {...rest}>
      {text}
    </span>
  );
}

function Clock({ store }: { store: ClusterViewStore }) {
  const { t } = useTranslation();
  const clock = useClusterView(store, (s) => s.clock);
  const ready = useClusterView(store, (s) => s.ready);
  return (
    <div className="clock" data-testid="clock" data-now-ms={clock.nowMs} data-start-ms={clock.startMs}>
      <TickingText className="clock-elapsed" title={cachedT(t, 'clock.elapsedTitle')} data-testid="clock-elapsed" text={`T+${ready ? formatElapsed(clock.nowMs - clock.startMs) : '--:--:--'}`} />
      <TickingText className="clock-virtual" title={cachedT(t, 'clock.virtualTitle')} data-testid="clock-virtual" text={ready ? `${formatTimestamp(clock.nowMs)} UTC` : ''} />
    </div>
  );
}

/** Jumps of virtual time ("run until …") through `sim advance`. */
const ADVANCE_STEPS = ['1m', '10m'] as const;

function TimeControls({ store, onPlay, onPause, onStep, run }: Pick<HeaderProps, 'store' | 'onPlay' | 'onPause' | 'onStep' | 'run'>) {
  const { t } = useTranslation();
  // Not the whole clock: its time changes with every frame, and the controls with it re-rendered.
  const clock = { playing: useClusterView(store, (s) => s.clock.playing), speed: useClusterView(store, (s) => s.clock.speed) };
  const ready = useClusterView(store, (s) => s.ready);
  return (
    <div className="time-controls" role="group" aria-label={t('time.controls')} data-testid="time-controls" data-playing={clock.playing} data-speed={clock.speed}>
      <button
        type="button"
        className={`seg ${!clock.playing ? 'active' : ''}`}
        onClick={onPause}
        disabled={!ready}
        title={t('time.pause')}
        aria-pressed={!clock.playing}
        data-testid="time-pause"
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><rect x="3" y="2.5" width="3.5" height="11" rx="1" /><rect x="9.5" y="2.5" width="3.5" height="11" rx="1" /></svg>
      </button>
      {SPEEDS.map((speed) => (
        <button
          key={speed}
          type="button"
          className={`seg ${clock.playing && clock.speed === speed ? 'active' : ''}`}
          onClick={() => onPlay(speed)}
          disabled={!ready}
          title={t('time.play', { speed })}
          aria-pressed={clock.playing && clock.speed === speed}
          data-testid={`time-play-${speed}`}
        >
          <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true"><path d="M4 2.5v11l9-5.5z" /></svg>
          <span>{speed}×</span>
        </button>
      ))}
      <button type="button" className="seg" onClick={onStep} disabled={!ready} title={t('time.step')} data-testid="time-step">
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M3 2.5v11l7-5.5z" /><rect x="11" y="2.5" width="2.5" height="11" rx="1" /></svg>
        <span>{t('time.stepLabel')}</span>
      </button>
      {ADVANCE_STEPS.map((d) => (
        <button key={d} type="button" className="seg" onClick={() => run(`sim advance ${d}`)} disabled={!ready} title={t('time.advance', { duration: d })} data-testid={`time-advance-${d}`}>
          +{d}
        </button>
      ))}
    </div>
  );
}

function SaveState({ store }: { store: ClusterViewStore }) {
  const { t } = useTranslation();
  const persist = useClusterView(store, (s) => s.persist);
  // data-saved: everything up to this moment is in IndexedDB (tests wait for it before reloading).
  const saved = persist.savedAt > 0 && !persist.dirty;
  return (
    <span
      className={`save-state ${saved ? 'saved' : 'dirty'}`}
      data-testid="save-state"
      data-saved={saved}
      title={persist.savedAt ? t('persist.savedTitle', { time: formatWallTime(persist.savedAt) }) : t('persist.neverTitle')}
    >
      <span className="save-dot" />
      {persist.savedAt ? t('persist.savedAt', { time: formatWallTime(persist.savedAt) }) : t('persist.notSaved')}
    </span>
  );
}

function ResetButton({ onReset }: { onReset(): void }) {
  const { t } = useTranslation();
  const { armed, click } = useArmedConfirm(onReset);
  return (
    <button
      type="button"
      className={`btn btn-ghost ${armed ? 'btn-danger' : ''}`}
      title={t('actions.resetTitle')}
      data-testid="reset-cluster"
      data-armed={armed}
      onClick={click}
    >
      {armed ? t('actions.resetConfirm') : t('actions.reset')}
    </button>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage === 'zh-CN' ? 'zh-CN' : 'en';
  const choose = (lng: Language) => void setLanguage(i18n, lng);
  return (
    <div className="lang-switch" role="group" aria-label={t('language.label')} data-testid="language-switch">
      <button type="button" className={`seg ${current === 'en' ? 'active' : ''}`} aria-pressed={current === 'en'} onClick={() => choose('en')} data-testid="lang-en" lang="en">
        EN
      </button>
      <button type="button" className={`seg ${current === 'zh-CN' ? 'active' : ''}`} aria-pressed={current === 'zh-CN'} onClick={() => choose('zh-CN')} data-testid="lang-zh" lang="zh-CN">
        {t('language.zh')}
      </button>
    </div>
  );
}

export function Header(props: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header" data-testid="app-header">
      <div className="brand">
        <svg className="brand-mark" viewBox="0 0 32 32" width="22" height="22" aria-hidden="true">
          <path d="M16 2.5 28 8.6v14.8L16 29.5 4 23.4V8.6z" fill="currentColor" opacity="0.15" />
          <path d="M16 2.5 28 8.6v14.8L16 29.5 4 23.4V8.6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <circle cx="16" cy="16" r="4.2" fill="currentColor" />
        </svg>
        <span className="brand-name">{t('app.name')}</span>
        <span className="brand-tagline">{t('app.tagline')}</span>
      </div>
      <div className="header-center">
        <Clock store={props.store} />
        <TimeControls {...props} />
      </div>
      <div className="header-right">
        <SaveState store={props.store} />
        <NodesMenu store={props.store} run={props.run} />
        <CniMenu run={props.run} onResetWith={props.onResetWith} />
        <FaultMenu run={props.run} />
        <button type="button" className="btn btn-ghost" data-testid="palette-button" onClick={props.onPalette} title={t('palette.title')}>
          <kbd>Ctrl K</kbd>
        </button>
        <ThemeSwitch theme={props.theme} onTheme={props.onTheme} />
        <ResetButton onReset={props.onReset} />
        <LanguageSwitch />
      </div>
    </header>
  );
}
