// Workspaces above the document tabs: pick one, create, rename or delete (a second click confirms).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceApi } from '../panel/useWorkspace.ts';

export function WorkspaceBar({ workspace }: { workspace: WorkspaceApi }) {
  const { t } = useTranslation();
  const { workspaces, workspaceId } = workspace;
  const current = workspaces.find((w) => w.id === workspaceId);
  const [renaming, setRenaming] = useState<string | undefined>();
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (!confirm) return;
    const id = setTimeout(() => setConfirm(false), 3000);
    return () => clearTimeout(id);
  }, [confirm]);
  if (workspaces.length === 0) return null;
  const finishRename = () => {
    if (renaming !== undefined && current) void workspace.renameWorkspace(current.id, renaming);
    setRenaming(undefined);
  };
  return (
    <div className="workspace-bar" data-testid="workspace-bar">
      <label htmlFor="workspace-select">{t('workbench.editor.workspace')}</label>
      {renaming !== undefined ? (
        <input
          autoFocus
          data-testid="workspace-rename-input"
          aria-label={t('workbench.editor.workspaceName')}
          value={renaming}
          onChange={(e) => setRenaming(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') finishRename();
            else if (e.key === 'Escape') setRenaming(undefined);
          }}
          onBlur={finishRename}
        />
      ) : (
        <select id="workspace-select" data-testid="workspace-select" value={workspaceId} onChange={(e) => void workspace.switchWorkspace(e.target.value)}>
          {workspaces.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
        </select>
      )}
      <span className="spacer" />
      <button type="button" className="btn btn-ghost btn-xs" data-testid="workspace-new" title={t('workbench.editor.workspaceNew')} onClick={() => void workspace.createWorkspace()}>
        + {t('workbench.editor.workspaceNew')}
      </button>
      <button type="button" className="btn btn-ghost btn-xs" data-testid="workspace-rename" title={t('workbench.editor.workspaceRename')} onClick={() => setRenaming(current?.name ?? '')}>
        ✎
      </button>
      <button
        type="button"
        className={`btn btn-ghost btn-xs ${confirm ? 'btn-danger' : ''}`}
        data-testid="workspace-delete"
        disabled={workspaces.length <= 1}
        title={t('workbench.editor.workspaceDelete')}
        onClick={() => {
          if (!confirm) return setConfirm(true);
          setConfirm(false);
          void workspace.removeWorkspace(workspaceId);
        }}
      >
        {confirm ? t('workbench.editor.workspaceConfirmDelete') : '✕'}
      </button>
    </div>
  );
}
