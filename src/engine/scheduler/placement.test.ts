import { describe, expect, it } from 'vitest';
import recorded from './placement.fixture.json';
import { placementScenario } from './placement.scenario.ts';

describe('placement equivalence', () => {
  it('places a fixed mixed workload exactly as recorded before the performance work', () => {
    expect(placementScenario()).toEqual(recorded);
  }, 120_000);
});
