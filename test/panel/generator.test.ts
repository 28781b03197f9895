import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { panelCatalog } from '../../src/participants/panel-catalog.ts';
import { type PanelCatalog, seededParticipant } from '../../src/participants/simulated-panel.ts';

/** The seeded panel's generator (docs/decisions/0171-panel-seed.md): its determinism and spread. */
describe('seededParticipant', () => {
  let catalog: PanelCatalog;
  beforeAll(() => {
    catalog = panelCatalog();
  });

  it('draws the same person for the same seed and number, and another for another seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.nat(10_000_000), (seed, n) => {
        expect(seededParticipant(catalog, seed, n)).toEqual(seededParticipant(catalog, seed, n));
        const other = seededParticipant(catalog, (seed + 1) >>> 0, n);
        expect(other.email).not.toBe(seededParticipant(catalog, seed, n).email);
      }),
      { numRuns: 200 },
    );
  });

  it('spreads places by population, ages over the adult range, and decisions as on a panel', () => {
    const N = 20_000;
    const countries = new Map<string, number>();
    const ages: number[] = [];
    const rates: number[] = [];
    let undecided = 0;
    let female = 0;
    for (let n = 0; n < N; n++) {
      const person = seededParticipant(catalog, 5, n);
      countries.set(person.country_id, (countries.get(person.country_id) ?? 0) + 1);
      ages.push(2025 - Number(person.birth_date.slice(0, 4)));
      const attributes = JSON.parse(person.attributes) as Record<string, string[]>;
      if (attributes['multi_select--gender']?.[0] === 'female') female++;
      if (person.decided_submissions === 0) undecided++;
      else {
        expect(person.decided_submissions).toBeLessThanOrEqual(60);
        rates.push(person.approval_rate!);
      }
    }
    // By population: China and India lead, and the panel reaches well over a hundred countries.
    const ranked = [...countries].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(ranked.slice(0, 3)).toEqual(expect.arrayContaining(['CN', 'IN']));
    expect(countries.size).toBeGreaterThan(100);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(86);
    const young = ages.filter((age) => age < 35).length / N;
    expect(young).toBeGreaterThan(0.38);
    expect(young).toBeLessThan(0.48);
    expect(undecided / N).toBeCloseTo(0.4, 1);
    rates.sort((a, b) => a - b);
    expect(rates[Math.floor(rates.length / 2)]).toBeGreaterThanOrEqual(90);
    expect(rates[Math.floor(rates.length * 0.05)]).toBeLessThan(80);
    expect(female / N).toBeGreaterThan(0.44);
    expect(female / N).toBeLessThan(0.5);
  });
});
