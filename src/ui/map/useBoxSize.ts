import { useEffect, useState, type RefObject } from 'react';

/** The element's size as "WIDTHxHEIGHT" in whole CSS pixels, updated when it changes ('' before the first look). */
export function useBoxSize(ref: RefObject<HTMLElement | null>): string {
  const [size, setSize] = useState('');
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const look = () => setSize(`${Math.round(el.clientWidth)}x${Math.round(el.clientHeight)}`);
    look();
    const observer = new ResizeObserver(look);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
