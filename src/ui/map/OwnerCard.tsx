// One object of the owner view: kind, name and what kubectl's READY/STATUS column says; Pods coloured like tiles.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { OwnerFlowNode } from './ownerLayout.ts';
import { podMotion, podTone } from './tone.ts';

export const OwnerCard = memo(function OwnerCard({ data }: NodeProps<OwnerFlowNode>) {
  const { t } = useTranslation();
  const o = data.object;
  const pod = o.kind === 'Pod' && o.more === undefined ? { phase: o.phase ?? 'Pending', status: o.status, terminating: !!o.terminating } : undefined;
  const tone = pod ? podTone(pod) : '';
  const motion = pod ? podMotion(pod) : '';
  return (
    <div
      className={`owner-card owner-${o.kind.toLowerCase()}${o.more !== undefined ? ' owner-more' : ''}`}
      data-testid="owner-node"
      data-kind={o.kind}
      data-name={o.name}
      data-namespace={o.namespace}
      data-status={o.status}
      title={o.more === undefined ? `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}\n${o.status}` : undefined}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {pod && <span className={`owner-pod-dot tone-${tone}${motion ? ` anim-${motion} motion-${motion}` : ''}`} data-tone={tone} />}
      <div className="owner-text">
        <span className="owner-kind">{o.kind}</span>
        <span className="owner-name">{o.more !== undefined ? t('pagemap.owners.more', { count: o.more }) : o.name}</span>
      </div>
      {o.status && <span className="owner-status">{o.status}</span>}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
});
