// The document tabs: select, double-click to rename, × (or middle-click) to close, drag to reorder. The ◀ ▶
// buttons of the toolbar move the active tab for keyboard users.
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentRecord } from '../../storage/db.ts';
import { dropIndex } from './dropIndex.ts';
import './tabs.css';

/** The drag's payload type: only our tabs are accepted as drops. */
const DRAG_TYPE = 'application/x-kubesim-document';

function RenameInput(props: { name: string; onRename(name: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.name);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => void requestAnimationFrame(() => input.current?.select()), []);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') props.onRename(draft);
    else if (e.key === 'Escape') props.onCancel();
  };
  return (
    <input
      ref={input}
      className="doc-tab doc-rename"
      data-testid="doc-rename-input"
      aria-label={t('editor.nameLabel')}
      title={t('documentTabs.pathHint')}
      placeholder={t('documentTabs.pathPlaceholder')}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={onKey}
      onBlur={() => props.onRename(draft)}
    />
  );
}

export interface DocumentTabsProps {
  documents: DocumentRecord[];
  activeId: string | undefined;
  renaming: string | undefined;
  onSelect(id: string): void;
  onStartRename(id: string): void;
  onRename(id: string, name: string): void;
  onCancelRename(): void;
  onClose(id: string): void;
  onMove(id: string, index: number): void;
}

export function DocumentTabs(props: DocumentTabsProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | undefined>();
  const [drop, setDrop] = useState<{ id: string; after: boolean } | undefined>();

  const endDrag = () => {
    setDragged(undefined);
    setDrop(undefined);
  };
  const overSide = (e: DragEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return e.clientX > r.left + r.width / 2;
  };
  const onDragOver = (e: DragEvent<HTMLElement>, id: string) => {
    if (!dragged || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const after = overSide(e);
    if (drop?.id !== id || drop.after !== after) setDrop({ id, after });
  };
  const onDrop = (e: DragEvent<HTMLElement>, overId: string) => {
    const id = e.dataTransfer.getData(DRAG_TYPE);
    e.preventDefault();
    endDrag();
    const from = props.documents.findIndex((d) => d.id === id);
    const over = props.documents.findIndex((d) => d.id === overId);
    if (from < 0 || over < 0 || from === over) return;
    const to = dropIndex(from, over, overSide(e));
    if (to !== from) props.onMove(id, to);
  };

  return (
    // A group of buttons, not a tablist: each tab has its own close button, which a tablist may not own.
    <div className="doc-tabs" role="group" aria-label={t('editor.documents')} data-testid="doc-list">
      {props.documents.map((d) => {
        if (props.renaming === d.id) {
          return <RenameInput key={d.id} name={d.name} onRename={(name) => props.onRename(d.id, name)} onCancel={props.onCancelRename} />;
        }
        const active = d.id === props.activeId;
        const dropSide = drop?.id === d.id && dragged !== d.id ? (drop.after ? 'after' : 'before') : undefined;
        return (
          <div
            key={d.id}
            className={`doc-tab ${active ? 'active' : ''} ${dragged === d.id ? 'dragging' : ''}`}
            data-testid="doc-tab-wrap"
            data-drop={dropSide}
            draggable
            title={t('documentTabs.dragHint')}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, d.id);
              e.dataTransfer.effectAllowed = 'move';
              setDragged(d.id);
            }}
            onDragOver={(e) => onDragOver(e, d.id)}
            onDragLeave={() => drop?.id === d.id && setDrop(undefined)}
            onDrop={(e) => onDrop(e, d.id)}
            onDragEnd={endDrag}
            onAuxClick={(e) => e.button === 1 && props.onClose(d.id)}
          >
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              className="doc-tab-select"
              data-testid="doc-tab"
              data-name={d.name}
              data-active={active}
              onClick={() => props.onSelect(d.id)}
              onDoubleClick={() => props.onStartRename(d.id)}
              title={d.name}
            >
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><path d="M4 1.5h5.5L13 5v9.5H4z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" /><path d="M9.5 1.5V5H13" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" /></svg>
              <span className="doc-tab-name">{d.name}</span>
            </button>
            <button
              type="button"
              className="doc-tab-close"
              data-testid="doc-close"
              aria-label={t('documentTabs.close', { name: d.name })}
              title={t('documentTabs.closeTitle', { name: d.name })}
              onClick={() => props.onClose(d.id)}
            >
              <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true"><path d="M3 3l6 6M9 3l-6 6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" /></svg>
            </button>
          </div>
        );
      })}
    </div>
  );
}
