import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { foldAudienceBitmaps } from '../audience/index.ts';
import { panelCatalog, seedPanel } from '../participants/index.ts';
import type { Database } from '../platform/db/database.ts';
import { isDomainError } from '../platform/errors.ts';
import { print, requireInteger, UsageError } from './output.ts';

const USAGE = 'usage: cohort panel seed --participants N [--seed S] [--force] [--json]';

/** The largest seed: the generator's state is 32 bits. */
const MAX_SEED = 2 ** 32 - 1;

/**
 * `cohort panel seed --participants N [--seed S]`: N simulated participants for demos and
 * benchmarks (docs/decisions/0171-panel-seed.md), the same people for the same seed. Without
 * --seed a random one is drawn and printed, so the run can be repeated.
 */
export async function panelCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  if (action !== 'seed') throw new UsageError(USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      participants: { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const participants = requireInteger('participants', values.participants, { min: 1 });
  const seed =
    values.seed === undefined
      ? randomInt(MAX_SEED)
      : requireInteger('seed', values.seed, { min: 0 });
  if (seed > MAX_SEED) throw new UsageError(`--seed must be at most ${MAX_SEED}`);
  const started = performance.now();
  let seeded: Awaited<ReturnType<typeof seedPanel>>;
  try {
    seeded = await seedPanel(database, panelCatalog(), {
      participants,
      seed,
      force: values.force,
      progress: values.json
        ? undefined
        : (written) => {
            if (written % 100_000 === 0 && written < participants) {
              process.stderr.write(
                `  ${written.toLocaleString('en')} of ${participants.toLocaleString('en')}\n`,
              );
            }
          },
    });
  } catch (error) {
    if (isDomainError(error)) throw new UsageError(error.message);
    throw error;
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(participants / seconds);
  // The audience bitmaps of everyone just written (docs/decisions/0190-audience-bitmaps.md), here
  // rather than in the next `serve`, which would fold a whole panel while answering requests.
  const folding = performance.now();
  const folded = await foldAudienceBitmaps(database);
  const foldSeconds = (performance.now() - folding) / 1000;
  print(
    values.json,
    {
      ...seeded,
      seconds: Number(seconds.toFixed(2)),
      per_second: rate,
      bitmaps_folded: folded,
      fold_seconds: Number(foldSeconds.toFixed(2)),
    },
    `Seeded ${participants.toLocaleString('en')} simulated participants (seed ${seed}, numbers ` +
      `${seeded.first} to ${seeded.first + participants - 1}) in ${seconds.toFixed(1)} s: ` +
      `${rate.toLocaleString('en')} a second.` +
      (seeded.real > 0 ? ` Mixed with ${seeded.real} real participants (--force).` : '') +
      ` Audience bitmaps folded for ${folded.toLocaleString('en')} in ${foldSeconds.toFixed(1)} s.`,
  );
}
