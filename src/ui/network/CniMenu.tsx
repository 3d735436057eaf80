// The pod network menu in the header: which CNI is installed, each node's NetworkReady, and install/uninstall
// (`sim cni …`, run in the terminal so the student sees the command), and the pod CIDR each node got from node
// IPAM. Without a CNI, nodes stay NotReady.
import { useRef, useState } from 'react';
import { cachedT } from '../i18n/cachedT.ts';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../menu/useDismiss.ts';
import { useDataPlane } from './dataPlane.ts';
import { PodCIDRSettings } from './PodCIDRSettings.tsx';
import type { ClusterSettings } from '../../worker/protocol.ts';

export const CNI_COMMANDS = { flannel: 'sim cni install flannel', calico: 'sim cni install calico', uninstall: 'sim cni uninstall', status: 'sim cni status' } as const;

export function CniMenu({ run, onResetWith }: { run(line: string): void; onResetWith(settings: ClusterSettings): Promise<unknown> }) {
  const { t } = useTranslation();
  const cni = useDataPlane().cni;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useDismiss(box, open, () => setOpen(false));
  const installed = cni.installed.join(', ');
  const notReady = cni.nodes.filter((n) => !n.ready).length;
  const act = (line: string) => {
    setOpen(false);
    run(line);
  };
  return (
    <div className="fault-menu cni-menu" ref={box}>
      <button
        type="button"
        className={`btn btn-ghost ${installed ? '' : 'cni-missing'}`}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="cni-menu-button"
        data-installed={installed}
        onClick={() => setOpen((v) => !v)}
        title={cachedT(t, 'dataPlane.cni.title')}
      >
        ⇄ {installed ? cachedT(t, 'dataPlane.cni.button', { name: installed }) : cachedT(t, 'dataPlane.cni.none')}
      </button>
      {open && (
        <div className="popup-menu popup-menu-down cni-popup" role="menu" aria-label={cachedT(t, 'dataPlane.cni.title')} data-testid="cni-menu">
          <div className="popup-menu-title">
            {installed ? cachedT(t, 'dataPlane.cni.installed', { name: installed }) : cachedT(t, 'dataPlane.cni.noneHint')}
          </div>
          <table className="dp-table" data-testid="cni-status">
            <thead>
              <tr><th>{cachedT(t, 'dataPlane.cni.node')}</th><th>{cachedT(t, 'dataPlane.cni.ready')}</th><th>{cachedT(t, 'dataPlane.cni.podCIDR')}</th><th>{cachedT(t, 'dataPlane.cni.plugin')}</th><th>{cachedT(t, 'dataPlane.cni.podIPs')}</th></tr>
            </thead>
            <tbody>
              {cni.nodes.map((n) => (
                <tr key={n.node} data-testid="cni-node" data-ready={n.ready} title={n.ready ? n.config : n.message}>
                  <td>{n.node}</td>
                  <td className={n.ready ? '' : 'dp-bad'}>{n.ready ? '✓' : '✕'}</td>
                  <td className={n.podCIDR ? '' : 'dp-bad'} data-testid="cni-node-pod-cidr">{n.podCIDR ?? cachedT(t, 'dataPlane.cni.noPodCIDR')}</td>
                  <td>{n.plugin ?? '—'}{n.networkPolicy ? ` · ${cachedT(t, 'dataPlane.cni.policy')}` : ''}</td>
                  <td>{n.podIPs}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {notReady > 0 && <div className="dp-muted cni-note">{cachedT(t, 'dataPlane.cni.notReady', { count: notReady })}</div>}
          {!installed && (
            <>
              <button type="button" role="menuitem" className="popup-menu-item" data-testid="cni-install-flannel" onClick={() => act(CNI_COMMANDS.flannel)}>
                <span>{cachedT(t, 'dataPlane.cni.install', { name: 'flannel' })}</span><code>{CNI_COMMANDS.flannel}</code>
              </button>
              <button type="button" role="menuitem" className="popup-menu-item" data-testid="cni-install-calico" onClick={() => act(CNI_COMMANDS.calico)}>
                <span>{cachedT(t, 'dataPlane.cni.install', { name: 'calico' })}</span><code>{CNI_COMMANDS.calico}</code>
              </button>
            </>
          )}
          {installed && (
            <button type="button" role="menuitem" className="popup-menu-item danger" data-testid="cni-uninstall" onClick={() => act(CNI_COMMANDS.uninstall)}>
              <span>{cachedT(t, 'dataPlane.cni.uninstall')}</span><code>{CNI_COMMANDS.uninstall}</code>
            </button>
          )}
          <button type="button" role="menuitem" className="popup-menu-item" data-testid="cni-status-command" onClick={() => act(CNI_COMMANDS.status)}>
            <span>{cachedT(t, 'dataPlane.cni.statusCommand')}</span><code>{CNI_COMMANDS.status}</code>
          </button>
          <PodCIDRSettings usage={cni.podCIDRs} onResetWith={onResetWith} />
        </div>
      )}
    </div>
  );
}
