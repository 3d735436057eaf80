// The tile colours come from the stylesheet's custom properties (--tone-*, --surface, --accent), so canvases
// follow the light and dark themes like the rest of the page. Read once per theme, not per draw.
import { useSyncExternalStore } from 'react';
import { onThemeChange } from '../theme.ts';
import type { TilePalette } from './tileGrid.ts';
import { ALL_TONES, type PodTone } from './tone.ts';

let cached: TilePalette | undefined;

function readPalette(): TilePalette {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string) => style.getPropertyValue(name).trim();
  const tones = Object.fromEntries(ALL_TONES.map((t) => [t, v(`--tone-${t}`)])) as Record<PodTone, string>;
  return { tones, surface: v('--surface'), accent: v('--accent') };
}

function subscribe(changed: () => void): () => void {
  return onThemeChange(() => {
    cached = undefined;
    changed();
  });
}

function snapshot(): TilePalette {
  return (cached ??= readPalette());
}

export function useTilePalette(): TilePalette {
  return useSyncExternalStore(subscribe, snapshot);
}
