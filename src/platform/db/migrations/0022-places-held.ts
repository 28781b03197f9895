import { type Kysely, sql } from 'kysely';

// docs/decisions/0141-admissions-without-the-opportunitys-lock.md. Every opportunity gets two
// counters: `places_held`, the sum of its place-taking status counters (screen_passed,
// in_progress, awaiting_review, approved, as of this migration), which bumpCounters keeps from
// now on; and `recruiting`, 1 while it is active, which every status change sets. An admission
// locks those rows, and a status change locks places_held after the opportunity's row.

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
  await sql`
    insert into opportunity_counters (opportunity_id, counter_key, value)
    select id, 'recruiting', case when status = 'active' then 1 else 0 end
    from opportunities
    where true -- as above
    on conflict (opportunity_id, counter_key) do nothing
  `.execute(db);
}
