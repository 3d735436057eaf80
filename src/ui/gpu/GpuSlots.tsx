// A node's GPUs as a strip of slots above its card on the map: one slot per device the kubelet knows, coloured
// by whether a pod holds it and whether it is healthy; the tooltip names the model, the device and its holder.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataPlane } from '../network/dataPlane.ts';
import { occupancy, slotLabel, slotState } from './occupancy.ts';

export const GpuSlots = memo(function GpuSlots({ node }: { node: string }) {
  const { t } = useTranslation();
  const gpus = useDataPlane().gpus.find((g) => g.node === node);
  if (!gpus || gpus.devices.length === 0) return null;
  const occ = occupancy(gpus.devices);
  return (
    <div className="gpu-strip" data-testid="gpu-strip" data-node={node} data-held={occ.held} data-total={occ.total} title={gpus.product}>
      <span className="gpu-strip-label">{t('dataPlane.gpu.strip', { held: occ.held, total: occ.total })}</span>
      {gpus.devices.map((d) => {
        const state = slotState(d);
        const holder = d.pod ? t('dataPlane.gpu.heldBy', { pod: d.pod, container: d.container ?? '' }) : t('dataPlane.gpu.free');
        return (
          <span
            key={d.id}
            className={`gpu-slot gpu-slot-${state}`}
            data-testid="gpu-slot"
            data-state={state}
            data-device={d.id}
            title={`${d.model} · ${d.id}\n${d.health}${d.xid ? ` (XID ${d.xid})` : ''}\n${holder}`}
          >
            {slotLabel(d)}
          </span>
        );
      })}
    </div>
  );
});
