// A plain-text stand-in for the Monaco editor, behind the same props: line numbers, error lines marked,
// Tab indents two spaces, Ctrl/Cmd+Enter applies.
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { YamlEditorProps } from './editorTypes.ts';

export default function TextareaEditor({ value, onChange, markers, onApplyShortcut, onSaveShortcut, label }: YamlEditorProps) {
  const { t } = useTranslation();
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = useMemo(() => value.split('\n').length, [value]);
  const marked = useMemo(() => {
    const m = new Map<number, string>();
    for (const mk of markers) for (let l = mk.startLine; l <= Math.max(mk.startLine, mk.endLine); l++) m.set(l, mk.severity === 'error' ? 'error' : 'info');
    return m;
  }, [markers]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onApplyShortcut?.();
    } else if (e.key === 's' && (e.ctrlKey || e.metaKey) && onSaveShortcut) {
      e.preventDefault();
      onSaveShortcut();
    } else if (e.key === 'Tab' && !e.shiftKey) {
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: s, selectionEnd: end } = el;
      const next = `${value.slice(0, s)}  ${value.slice(end)}`;
      onChange(next);
      requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
    }
  };

  return (
    <div className="textarea-editor" data-testid="yaml-editor" data-ready="true" data-fallback="true">
      <div className="textarea-gutter" ref={gutter} aria-hidden="true">
        {Array.from({ length: lineCount }, (_, i) => (
          <div key={i} className={`gutter-line ${marked.get(i + 1) ?? ''}`}>{i + 1}</div>
        ))}
      </div>
      <textarea
        className="textarea-input"
        value={value}
        aria-label={label ?? t('editor.ariaLabel')}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
