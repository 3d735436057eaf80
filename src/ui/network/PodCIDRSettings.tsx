// The cluster's pod address range in the pod network menu: node IPAM's --cluster-cidr and
// --node-cidr-mask-size, how many node ranges are taken, and a reset that starts a new cluster with other values
// (kube-controller-manager reads both flags at start, so a running cluster cannot change them).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClusterSettings, PodCIDRUsage } from '../../worker/protocol.ts';
import { useArmedConfirm } from '../menu/useArmedConfirm.ts';

export function PodCIDRSettings({ usage, onResetWith }: { usage: PodCIDRUsage; onResetWith(settings: ClusterSettings): Promise<unknown> }) {
  const { t } = useTranslation();
  const [cidr, setCidr] = useState(usage.clusterCIDR);
  const [mask, setMask] = useState(String(usage.nodeCIDRMaskSize || ''));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    setError('');
    // An empty mask means the default (/24); anything else goes to the engine, whose validation names it.
    const settings = { clusterCIDR: cidr.trim(), nodeCIDRMaskSize: mask.trim() === '' ? undefined : Number(mask) };
    onResetWith(settings)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  const { armed, click } = useArmedConfirm(submit);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    click();
  };
  return (
    <form className="pod-cidr" data-testid="pod-cidr" onSubmit={onSubmit}>
      <div className="popup-menu-title">{t('dataPlane.podCIDR.title')}</div>
      {usage.clusterCIDR && (
        <div className="dp-muted pod-cidr-usage" data-testid="pod-cidr-usage">
          {t('dataPlane.podCIDR.usage', { cidr: usage.clusterCIDR, mask: usage.nodeCIDRMaskSize, allocated: usage.allocated, capacity: usage.capacity })}
        </div>
      )}
      <div className="dp-form">
        <label className="menu-field">
          <span>--cluster-cidr</span>
          <input value={cidr} onChange={(e) => setCidr(e.target.value)} spellCheck={false} data-testid="pod-cidr-cluster" aria-label={t('dataPlane.podCIDR.clusterLabel')} />
        </label>
        <label className="menu-field">
          <span>--node-cidr-mask-size</span>
          <input type="number" min={1} max={30} step={1} value={mask} onChange={(e) => setMask(e.target.value)} data-testid="pod-cidr-mask" aria-label={t('dataPlane.podCIDR.maskLabel')} />
        </label>
        <button type="submit" className={`btn ${armed ? 'btn-danger' : ''}`} disabled={busy} data-testid="pod-cidr-reset" data-armed={armed}>
          {armed ? t('dataPlane.podCIDR.confirm') : t('dataPlane.podCIDR.reset')}
        </button>
      </div>
      <div className="dp-muted pod-cidr-hint">{t('dataPlane.podCIDR.hint')}</div>
      {error && <div className="menu-error" role="alert" data-testid="pod-cidr-error">{error}</div>}
    </form>
  );
}
