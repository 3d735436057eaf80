// One Pod: a small tile coloured (and animated) by its status, drawn by its node card or the lane. The
// tooltip is written when the pointer first rests on it: thousands of tiles need no translated text up front.
import { memo, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PodView } from '../../worker/protocol.ts';
import { formatBytes, formatCpu } from '../format.ts';
import { TILE, tilePosition } from './layout.ts';
import { useMapOverlay, usePodClick } from './mapContext.ts';
import { podMotion, podTone } from './tone.ts';

function podTitle(t: TFunction, p: PodView): string {
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
  return lines.join('\n');
}

export const PodTile = memo(function PodTile({ pod: p, selected, index, perRow, top }: { pod: PodView; selected: boolean; index: number; perRow: number; top: number }) {
  const { t } = useTranslation();
  const onPodClick = usePodClick();
  const tone = podTone(p);
  const motion = podMotion(p);
  const at = tilePosition(index, perRow, top);
  return (
    <div
      className={`pod-tile tone-${tone}${motion ? ` anim-${motion}` : ''}${selected ? ' is-selected' : ''}`}
      style={{ left: at.x, top: at.y, width: TILE, height: TILE }}
      data-testid="pod-tile"
      data-pod={p.name}
      data-namespace={p.namespace}
      data-node={p.nodeName}
      data-phase={p.phase}
      data-status={p.status}
      data-tone={tone}
      data-motion={motion}
      data-owner={p.ownerName}
      data-selected={selected}
      onMouseEnter={(e: MouseEvent<HTMLDivElement>) => {
        e.currentTarget.title = podTitle(t, p);
      }}
      onClick={(e) => {
        e.stopPropagation();
        onPodClick?.(p);
      }}
      role="img"
      aria-label={`${p.name}: ${p.status}`}
    />
  );
});

/** The tiles of a card or the lane, laid out in rows from `top`. */
export function PodTiles({ pods, perRow, top }: { pods: readonly PodView[]; perRow: number; top: number }) {
  const selectedPod = useMapOverlay().selectedPod;
  return (
    <>
      {pods.map((p, i) => (
        <PodTile key={p.key} pod={p} selected={selectedPod === p.key} index={i} perRow={perRow} top={top} />
      ))}
    </>
  );
}
