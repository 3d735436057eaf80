// "New from template": a menu of kinds; choosing one opens a new document with that kind's template.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../menu/useDismiss.ts';
import { TEMPLATES, type Template } from './templates.ts';

export function TemplateMenu({ onPick }: { onPick(template: Template): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useDismiss(box, open, () => setOpen(false), 'button[role="menuitem"]');
  return (
    <div className="menu-anchor" ref={box}>
      <button type="button" className="btn btn-ghost btn-xs" data-testid="template-menu" aria-haspopup="menu" aria-expanded={open} title={t('workbench.editor.templateTitle')} onClick={() => setOpen((v) => !v)}>
        {t('workbench.editor.template')} ▾
      </button>
      {open && (
        <ul className="menu-list" role="menu">
          {TEMPLATES.map((tpl) => (
            <li key={tpl.kind} role="none">
              <button type="button" role="menuitem" data-testid="template-item" data-kind={tpl.kind} onClick={() => { setOpen(false); onPick(tpl); }}>
                {tpl.kind}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
