// A popup menu closes as the browser's own menus do: on a press outside it or on Escape. While it is open,
// focus moves to its first item (focusSelector) so the keyboard can use it at once.
import { useEffect, useRef, type RefObject } from 'react';

export function useDismiss(box: RefObject<HTMLElement | null>, open: boolean, close: () => void, focusSelector?: string): void {
  // The latest close, without re-running the effect (and re-focusing) on every render.
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    if (focusSelector) box.current?.querySelector<HTMLElement>(focusSelector)?.focus();
    const onDown = (e: PointerEvent) => { if (!box.current?.contains(e.target as Node)) closeRef.current(); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') closeRef.current(); };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [box, open, focusSelector]);
}
