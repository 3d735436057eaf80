// The command palette (Ctrl+K): every page action by name, filtered as you type, with its shortcut.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface PaletteCommand {
  id: string;
  label: string;
  /** What it runs, e.g. the sim command, shown dimmed. */
  detail?: string;
  shortcut?: string;
  run(): void;
}

export function matches(command: Pick<PaletteCommand, 'label' | 'detail'>, query: string): boolean {
  const hay = `${command.label} ${command.detail ?? ''}`.toLowerCase();
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
}

export function CommandPalette({ commands, onClose }: { commands: PaletteCommand[]; onClose(): void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useMemo(() => commands.filter((c) => matches(c, query)), [commands, query]);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => setIndex(0), [query]);

  const run = (c: PaletteCommand | undefined) => {
    if (!c) return;
    onClose();
    c.run();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, list.length - 1));
    else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
    else if (e.key === 'Enter') run(list[index]);
    else if (e.key === 'Escape') onClose();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label={t('palette.title')} data-testid="command-palette" onKeyDown={onKeyDown}>
        <input
          ref={input}
          className="palette-input"
          data-testid="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={list[index] ? `palette-${list[index].id}` : undefined}
          aria-label={t('palette.placeholder')}
          placeholder={t('palette.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ul className="palette-list" id="palette-list" role="listbox" aria-label={t('palette.title')}>
          {list.length === 0 && <li className="palette-empty">{t('palette.none')}</li>}
          {list.map((c, i) => (
            <li
              key={c.id}
              id={`palette-${c.id}`}
              role="option"
              aria-selected={i === index}
              className={`palette-item ${i === index ? 'active' : ''}`}
              data-testid="palette-item"
              data-id={c.id}
              onMouseEnter={() => setIndex(i)}
              onClick={() => run(c)}
            >
              <span className="palette-label">{c.label}</span>
              {c.detail && <code className="palette-detail">{c.detail}</code>}
              {c.shortcut && <kbd className="palette-kbd">{c.shortcut}</kbd>}
            </li>
          ))}
        </ul>
        <div className="palette-foot">{t('palette.foot')}</div>
      </div>
    </div>
  );
}
