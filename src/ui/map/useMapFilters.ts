// The map's filters as React state mirrored into the query string (replaceState: filters are not history steps).
import { useCallback, useState } from 'react';
import { parseFilters, withFilters, type MapFilters } from './filters.ts';

export function useMapFilters(): [MapFilters, (patch: Partial<MapFilters>) => void] {
  const [filters, setFilters] = useState<MapFilters>(() => parseFilters(location.search));
  const update = useCallback((patch: Partial<MapFilters>) => {
    setFilters((prev) => {
      const next = { ...prev, ...patch };
      const query = withFilters(location.search, next);
      if (query !== location.search) history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
      return next;
    });
  }, []);
  return [filters, update];
}
