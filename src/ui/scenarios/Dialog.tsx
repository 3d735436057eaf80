// A modal dialog for the classroom's windows: a title, a body, Escape or the backdrop closes it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Dialog({ title, onClose, children, testId, wide }: { title: string; onClose: () => void; children: ReactNode; testId: string; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="palette-backdrop classroom-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={`palette classroom-dialog ${wide ? 'classroom-dialog-wide' : ''}`} role="dialog" aria-modal="true" aria-label={title} data-testid={testId} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <header className="classroom-dialog-head">
          <h2>{title}</h2>
          <button type="button" className="btn btn-xs btn-ghost" onClick={onClose} aria-label={t('classroom.close')} data-testid="dialog-close">×</button>
        </header>
        <div className="classroom-dialog-body">{children}</div>
      </div>
    </div>
  );
}
