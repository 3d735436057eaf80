// The "Add nodes" menu in the header: a form for `sim node add` (name, how many, capacity, GPUs, labels,
// taints, containerd runtimes), or for `sim nodegroup add` (an autoscaled group's bounds instead of how many). It runs one command per node in the terminal, so the user sees and can repeat what it did; the
// engine checks the values and the terminal shows its errors.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../menu/useDismiss.ts';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import { groupBoundsOk, MAX_NODES_AT_ONCE, NODE_ADD_DEFAULTS, nextNodeName, nodeAddCommands, type NodeAddForm } from './nodeAdd.ts';

type Field = Exclude<keyof NodeAddForm, 'count' | 'name' | 'group'>;
const FIELDS: readonly { field: Field; flag: string; placeholder: string }[] = [
  { field: 'cpu', flag: '--cpu', placeholder: NODE_ADD_DEFAULTS.cpu },
  { field: 'memory', flag: '--memory', placeholder: NODE_ADD_DEFAULTS.memory },
  { field: 'pods', flag: '--pods', placeholder: NODE_ADD_DEFAULTS.pods },
  { field: 'gpus', flag: '--gpus', placeholder: NODE_ADD_DEFAULTS.gpus },
  { field: 'labels', flag: '--labels', placeholder: 'pool=gpu,zone=a' },
  { field: 'taints', flag: '--taints', placeholder: 'dedicated=gpu:NoSchedule' },
  { field: 'runtimeHandlers', flag: '--runtime-handlers', placeholder: 'kata,runsc' },
];

export function NodesMenu({ store, run }: { store: ClusterViewStore; run(line: string): void }) {
  const { t } = useTranslation();
  // The count, not the nodes: their requested resources change with every pod.
  const count = useClusterView(store, (s) => s.nodes.size);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useDismiss(box, open, () => setOpen(false), 'input');
  return (
    <div className="fault-menu nodes-menu" ref={box}>
      <button type="button" className="btn btn-ghost" aria-haspopup="dialog" aria-expanded={open} data-testid="nodes-menu-button" onClick={() => setOpen((v) => !v)} title={t('nodesMenu.title')}>
        + {t('nodesMenu.button', { count })}
      </button>
      {open && <NodeAddPanel firstName={nextNodeName(store.getState().nodes.keys())} run={run} onDone={() => setOpen(false)} />}
    </div>
  );
}

function NodeAddPanel({ firstName, run, onDone }: { firstName: string; run(line: string): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<NodeAddForm>({ name: firstName, count: 1, cpu: '', memory: '', pods: '', gpus: '', labels: '', taints: '', runtimeHandlers: '' });
  const set = (patch: Partial<NodeAddForm>) => setForm((f) => ({ ...f, ...patch }));
  const countOk = form.group ? true : Number.isInteger(form.count) && form.count >= 1 && form.count <= MAX_NODES_AT_ONCE;
  const boundsOk = form.group ? groupBoundsOk(form.group) : true;
  const valid = countOk && boundsOk && form.name.trim() !== '';
  const commands = valid ? nodeAddCommands(form) : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    onDone();
    for (const line of commands) run(line);
  };
  return (
    <form className="popup-menu popup-menu-down nodes-popup" role="dialog" aria-label={t('nodesMenu.title')} data-testid="nodes-menu" onSubmit={submit}>
      <div className="popup-menu-title">{t('nodesMenu.title')}</div>
      <div className="nodes-form">
        <label className="menu-field menu-check">
          <input type="checkbox" checked={!!form.group} onChange={(e) => set({ group: e.target.checked ? { min: '0', max: '3' } : undefined })} data-testid="nodes-group" />
          <span>{t('nodesMenu.group')}</span>
        </label>
        <label className="menu-field">
          <span>{form.group ? t('nodesMenu.groupName') : t('nodesMenu.name')}</span>
          <input value={form.name} onChange={(e) => set({ name: e.target.value })} spellCheck={false} data-testid="nodes-name" />
        </label>
        {form.group ? (['min', 'max'] as const).map((bound) => (
          <label key={bound} className="menu-field">
            <span>--{bound}</span>
            <input value={form.group![bound]} onChange={(e) => set({ group: { ...form.group!, [bound]: e.target.value } })} spellCheck={false} data-testid={`nodes-${bound}`} aria-invalid={!boundsOk} />
          </label>
        )) : (
          <label className="menu-field">
            <span>{t('nodesMenu.count')}</span>
            <input type="number" min={1} max={MAX_NODES_AT_ONCE} value={Number.isNaN(form.count) ? '' : form.count} onChange={(e) => set({ count: e.target.valueAsNumber })} data-testid="nodes-count" aria-invalid={!countOk} />
          </label>
        )}
        {FIELDS.map(({ field, flag, placeholder }) => (
          <label key={field} className="menu-field">
            <span>{flag}</span>
            <input value={form[field]} placeholder={placeholder} onChange={(e) => set({ [field]: e.target.value })} spellCheck={false} data-testid={`nodes-${field}`} />
          </label>
        ))}
      </div>
      {!countOk && <div className="menu-error" role="alert" data-testid="nodes-count-error">{t('nodesMenu.countRange', { max: MAX_NODES_AT_ONCE })}</div>}
      {!boundsOk && <div className="menu-error" role="alert" data-testid="nodes-bounds-error">{t('nodesMenu.groupBounds')}</div>}
      <pre className="nodes-preview" data-testid="nodes-preview">{commands.length > 3 ? [...commands.slice(0, 2), `… ${commands.at(-1)}`].join('\n') : commands.join('\n')}</pre>
      <button type="submit" className="btn btn-primary" disabled={!valid} data-testid="nodes-add">
        {form.group ? t('nodesMenu.addGroup') : t('nodesMenu.add', { count: commands.length })}
      </button>
      <div className="dp-muted nodes-hint">{t('nodesMenu.hint')}</div>
    </form>
  );
}
