// The node menu: machine faults (sim node stop/start/delete) and kubectl's node commands, run in the
// terminal so the user sees the command each action stands for.
import { useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../menu/useDismiss.ts';

export type NodeAction = 'details' | 'cordon' | 'uncordon' | 'drain' | 'stop' | 'start' | 'delete';

const ACTIONS: readonly NodeAction[] = ['details', 'cordon', 'uncordon', 'drain', 'stop', 'start', 'delete'];

/** The command line an action runs (details opens the drawer instead). */
export function nodeActionCommand(action: Exclude<NodeAction, 'details'>, node: string): string {
  switch (action) {
    case 'cordon': return `kubectl cordon ${node}`;
    case 'uncordon': return `kubectl uncordon ${node}`;
    case 'drain': return `kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data --force`;
    case 'stop': return `sim node stop ${node}`;
    case 'start': return `sim node start ${node}`;
    case 'delete': return `sim node delete ${node}`;
  }
}

export interface NodeMenuProps {
  node: string;
  anchor: DOMRect;
  onAction(action: NodeAction): void;
  onClose(): void;
}

export function NodeMenu({ node, anchor, onAction, onClose }: NodeMenuProps) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  useDismiss(menu, true, onClose, 'button');
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };
  return createPortal(
    <div
      ref={menu}
      className="popup-menu"
      role="menu"
      aria-label={t('nodeMenu.title', { node })}
      data-testid="node-menu"
      data-node={node}
      style={{ top: anchor.bottom + 4, left: Math.max(8, anchor.right - 220) }}
      onKeyDown={onKeyDown}
    >
      <div className="popup-menu-title">{t('nodeMenu.title', { node })}</div>
      {ACTIONS.map((a) => (
        <button
          key={a}
          type="button"
          role="menuitem"
          className={`popup-menu-item ${a === 'delete' || a === 'stop' ? 'danger' : ''}`}
          data-testid={`node-action-${a}`}
          onClick={() => {
            onClose();
            onAction(a);
          }}
        >
          <span>{t(`nodeMenu.${a}`)}</span>
          {a !== 'details' && <code>{nodeActionCommand(a, node).split(' ').slice(0, 3).join(' ')}</code>}
        </button>
      ))}
    </div>,
    document.body,
  );
}
