// One Pod: a small tile coloured by its status, with the details in its tooltip.
import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatCpu } from '../format.ts';
import type { PodFlowNode } from './layout.ts';
import { useMapOverlay } from './mapContext.ts';

export const PodTile = memo(function PodTile({ data }: NodeProps<PodFlowNode>) {
  const { t } = useTranslation();
  const p = data.pod;
  const selected = useMapOverlay().selectedPod === p.key;
  const lines = [
    t('map.podTitle', {
      name: p.namespace === 'default' ? p.name : `${p.namespace}/${p.name}`,
      status: p.status, ready: p.ready, restarts: p.restarts,
      cpu: formatCpu(p.cpuMilli), memory: formatBytes(p.memoryBytes),
    }),
  ];
  if (p.nodeName) lines.push(t('map.podNode', { node: p.nodeName }));
  if (p.podIP) lines.push(t('map.podIP', { ip: p.podIP }));
  if (p.ownerKind) lines.push(t('map.podOwner', { owner: `${p.ownerKind}/${p.ownerName}` }));
  lines.push(t('map.podDescribe'));
  return (
    <div
      className={`pod-tile tone-${data.tone} ${selected ? 'is-selected' : ''}`}
      data-testid="pod-tile"
      data-pod={p.name}
      data-namespace={p.namespace}
      data-node={p.nodeName}
      data-phase={p.phase}
      data-status={p.status}
      data-tone={data.tone}
      data-owner={p.ownerName}
      data-selected={selected}
      title={lines.join('\n')}
      role="img"
      aria-label={`${p.name}: ${p.status}`}
    />
  );
});
