// The fault menu: stop and start control-plane components (sim controlplane …). Node and pod faults live
// where their object is: the node menu on the map and the pod's detail drawer.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../menu/useDismiss.ts';

const COMPONENTS = ['apiserver', 'controller-manager', 'scheduler'] as const;

/** Every fault the menu offers, as the command line it runs. */
export const CONTROL_PLANE_FAULTS: readonly string[] = [
  ...COMPONENTS.flatMap((c) => [`sim controlplane stop ${c}`, `sim controlplane start ${c}`]),
  'sim controlplane status',
];

export function FaultMenu({ run }: { run(line: string): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useDismiss(box, open, () => setOpen(false), '[role=menuitem]');
  return (
    <div className="fault-menu" ref={box}>
      <button type="button" className="btn btn-ghost" aria-haspopup="menu" aria-expanded={open} data-testid="fault-menu-button" onClick={() => setOpen((v) => !v)} title={t('faults.title')}>
        ⚡ {t('faults.button')}
      </button>
      {open && (
        <div className="popup-menu popup-menu-down" role="menu" aria-label={t('faults.title')} data-testid="fault-menu">
          <div className="popup-menu-title">{t('faults.controlPlane')}</div>
          {CONTROL_PLANE_FAULTS.map((line) => {
            const [, , verb, component] = line.split(' ');
            return (
              <button
                key={line}
                type="button"
                role="menuitem"
                className={`popup-menu-item ${verb === 'stop' ? 'danger' : ''}`}
                data-testid={`fault-${verb}${component ? `-${component}` : ''}`}
                onClick={() => {
                  setOpen(false);
                  run(line);
                }}
              >
                <span>{component ? t(`faults.${verb}`, { component }) : t('faults.status')}</span>
                <code>{line.replace('sim controlplane ', '')}</code>
              </button>
            );
          })}
          <div className="popup-menu-title">{t('faults.elsewhere')}</div>
        </div>
      )}
    </div>
  );
}
