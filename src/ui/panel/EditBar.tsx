// The bar over a pending `kubectl edit`'s document: kubectl waits for the editor, so the user saves (the edit goes
// on: patched, or reopened with the failures) or cancels (closing the editor without saving).
import { useTranslation } from 'react-i18next';

export function EditBar({ file, busy, onSave, onCancel }: { file: string; busy: boolean; onSave(): void; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className="edit-bar" data-testid="edit-bar" role="region" aria-label={t('edit.region')}>
      <span className="edit-bar-text">{t('edit.pending', { file })}</span>
      <span className="spacer" />
      <button type="button" className="btn btn-xs" data-testid="edit-cancel" disabled={busy} onClick={onCancel} title={t('edit.cancelTitle')}>
        {t('edit.cancel')}
      </button>
      <button type="button" className="btn btn-primary btn-xs" data-testid="edit-save" disabled={busy} onClick={onSave} title={t('edit.saveTitle')}>
        {t('edit.save')}
        <kbd>Ctrl S</kbd>
      </button>
    </div>
  );
}
