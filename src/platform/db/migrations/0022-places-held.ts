import { type Kysely, sql } from 'kysely';

// docs/decisions.md, "Admissions without the opportunity's lock". Every opportunity gets the
// counter `places_held`: the sum of its place-taking status counters (screen_passed, in_progress,
// awaiting_review, approved, as of this migration), which bumpCounters keeps from now on. An
// application locks that one row, and a status change locks it after the opportunity's row.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into opportunity_counters (opportunity_id, counter_key, value)
    select o.id, 'places_held', coalesce((
      select sum(c.value) from opportunity_counters c
      where c.opportunity_id = o.id
        and c.counter_key in (
          'status:screen_passed', 'status:in_progress', 'status:awaiting_review', 'status:approved'
        )
    ), 0)
    from opportunities o
    where true -- SQLite reads ON CONFLICT after a bare FROM as a join constraint
    on conflict (opportunity_id, counter_key) do nothing
  `.execute(db);
}
