// Operators that arrive in a share link or file are code: before any of it runs, the receiver reads it here
// and agrees or refuses. Refusing installs nothing.
import { useTranslation } from 'react-i18next';
import type { UserOperatorSource } from '../../worker/protocol.ts';
import { Dialog } from '../scenarios/Dialog.tsx';
import './operators.css';

export function OperatorConsent({ operators, onAnswer }: { operators: UserOperatorSource[]; onAnswer(run: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('userOperators.consent.title')} onClose={() => onAnswer(false)} testId="operator-consent" wide>
      <p>{t('userOperators.consent.intro', { count: operators.length })}</p>
      {operators.map((o) => (
        <section key={o.name} data-testid={`operator-consent-${o.name}`}>
          <h3>{o.name} <span className="operator-meta">({o.language})</span></h3>
          <p className="operator-meta">{t('userOperators.consent.reconciles', { kind: o.kind, owns: o.owns.join(', ') || '—' })}</p>
          <pre className="operator-consent-code" data-testid="operator-consent-code">{o.code}</pre>
        </section>
      ))}
      <div className="exercise-buttons">
        <button type="button" className="btn btn-primary btn-xs" onClick={() => onAnswer(true)} data-testid="operator-consent-run">{t('userOperators.consent.run')}</button>
        <button type="button" className="btn btn-xs" onClick={() => onAnswer(false)} data-testid="operator-consent-refuse">{t('userOperators.consent.refuse')}</button>
      </div>
    </Dialog>
  );
}
