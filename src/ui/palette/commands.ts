// What the command palette offers: time, views, theme, language, control-plane faults, and per-node
// actions, each with the shortcut or command line it stands for.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Speed } from '../../worker/protocol.ts';
import { SPEEDS } from '../../worker/protocol.ts';
import { CONTROL_PLANE_FAULTS } from '../header/FaultMenu.tsx';
import type { Language } from '../i18n/index.ts';
import { nodeActionCommand } from '../map/NodeMenu.tsx';
import { useClusterView, type ClusterViewStore } from '../state/clusterStore.ts';
import type { ThemeChoice } from '../theme.ts';
import type { PaletteCommand } from './CommandPalette.tsx';

export interface PaletteDeps {
  store: ClusterViewStore;
  onPlay(speed: Speed): void;
  onPause(): void;
  onStep(): void;
  togglePlay(): void;
  runCommand(line: string): void;
  setView(v: 'map' | 'resources' | 'platform'): void;
  setSide(v: 'manifests' | 'scheduler'): void;
  setTheme(t: ThemeChoice): void;
  setLanguage(l: Language): void;
  focusTerminal(): void;
  openNode(name: string): void;
}

/** Node actions are listed for this many nodes at most (big clusters use the map's menu). */
const MAX_NODES = 20;

/** The first MAX_NODES node names, joined: a string, so the list is rebuilt when names change, not every frame. */
function firstNodeNames(nodes: ReadonlyMap<string, unknown>): string {
  const names: string[] = [];
  for (const name of nodes.keys()) {
    if (names.length === MAX_NODES) break;
    names.push(name);
  }
  return names.join('\n');
}

export function usePaletteCommands(d: PaletteDeps): PaletteCommand[] {
  const { t } = useTranslation();
  const nodeNames = useClusterView(d.store, (s) => firstNodeNames(s.nodes));
  const { onPlay, onPause, onStep, togglePlay, runCommand, setView, setSide, setTheme, setLanguage, focusTerminal, openNode } = d;
  return useMemo(() => {
    const list: PaletteCommand[] = [
      { id: 'toggle-play', label: t('palette.cmd.togglePlay'), shortcut: 'Alt+P', run: togglePlay },
      { id: 'pause', label: t('time.pause'), run: onPause },
      ...SPEEDS.map((s) => ({ id: `play-${s}`, label: t('time.play', { speed: s }), run: () => onPlay(s) })),
      { id: 'step', label: t('time.step'), run: onStep },
      ...['1m', '10m', '1h'].map((dur) => ({ id: `advance-${dur}`, label: t('time.advance', { duration: dur }), detail: `sim advance ${dur}`, run: () => runCommand(`sim advance ${dur}`) })),
      { id: 'view-map', label: t('palette.cmd.viewMap'), shortcut: 'Alt+1', run: () => setView('map') },
      { id: 'view-resources', label: t('palette.cmd.viewResources'), shortcut: 'Alt+2', run: () => setView('resources') },
      { id: 'view-platform', label: t('platform.open'), run: () => setView('platform') },
      { id: 'side-manifests', label: t('palette.cmd.sideManifests'), run: () => setSide('manifests') },
      { id: 'side-scheduler', label: t('palette.cmd.sideScheduler'), run: () => setSide('scheduler') },
      { id: 'terminal', label: t('palette.cmd.terminal'), shortcut: 'Alt+T', run: focusTerminal },
      ...(['system', 'light', 'dark'] as const).map((th) => ({ id: `theme-${th}`, label: t('palette.cmd.theme', { theme: t(`theme.${th}`) }), run: () => setTheme(th) })),
      { id: 'lang-en', label: t('palette.cmd.language', { language: 'English' }), run: () => setLanguage('en') },
      { id: 'lang-zh', label: t('palette.cmd.language', { language: '中文' }), run: () => setLanguage('zh-CN') },
      ...CONTROL_PLANE_FAULTS.map((line) => ({ id: line.replace(/ /g, '-'), label: t('palette.cmd.fault'), detail: line, run: () => runCommand(line) })),
    ];
    for (const name of nodeNames ? nodeNames.split('\n') : []) {
      list.push({ id: `node-${name}-details`, label: t('palette.cmd.nodeDetails', { node: name }), run: () => openNode(name) });
      for (const a of ['cordon', 'uncordon', 'drain', 'stop', 'start'] as const) {
        const line = nodeActionCommand(a, name);
        list.push({ id: `node-${name}-${a}`, label: `${t(`nodeMenu.${a}`)} ${name}`, detail: line, run: () => runCommand(line) });
      }
    }
    // Shortcuts that act where the focus is, listed so they can be found.
    for (const [id, shortcut] of [['apply', 'Ctrl+Enter'], ['complete', 'Tab'], ['history', '↑ ↓'], ['clear', 'Ctrl+L'], ['close', 'Esc']] as const) {
      list.push({ id: `help-${id}`, label: t(`palette.help.${id}`), shortcut, run: () => undefined });
    }
    return list;
  }, [t, nodeNames, onPlay, onPause, onStep, togglePlay, runCommand, setView, setSide, setTheme, setLanguage, focusTerminal, openNode]);
}
