import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Previews and one person, one place (docs/decisions/0080-previews-with-test-participants.md and
// docs/decisions/0082-one-account-per-mailbox.md):
// - participants.is_test and test_opportunity_id: a test participant made by a preview belongs to
//   that one opportunity (and through it to one organization);
// - participants.email_canonical, unique: the mailbox an address reaches, so `j.o.e+x@gmail.com`
//   cannot open a second account beside `joe@gmail.com`;
// - submissions.test, quality_flags (JSON array) and network_fingerprint (a keyed hash of the
//   network address and user agent, never the address itself, forgotten after the hour), with an
//   index for the one-hour look-up per opportunity and one for the sweep;
// - instance_secrets: random keys made once per installation (the fingerprint's key).
//
// Existing addresses are backfilled with the rule as it stands today, written out here rather than
// imported (a migration is a snapshot, as 0013's codes). Two existing accounts may already share
// a mailbox: both are kept as they are; the oldest (smallest id) holds the canonical address and
// the others keep it null, so they still sign in and work, and a new sign-up for that mailbox is
// refused against the oldest. A later change of address gives such an account its canonical
// address.

const DOTS_AND_TAGS = new Set(['gmail.com', 'googlemail.com']);
const TAGS = new Set([
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'fastmail.fm',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'yandex.com',
  'yandex.ru',
  'ya.ru',
  'zoho.com',
  'hey.com',
]);

function canonicalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (DOTS_AND_TAGS.has(domain) || TAGS.has(domain)) {
    const untagged = local.split('+')[0]!;
    if (untagged !== '') local = untagged;
  }
  if (DOTS_AND_TAGS.has(domain)) {
    const undotted = local.replaceAll('.', '');
    if (undotted !== '') local = undotted;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('participants')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('participants').addColumn('test_opportunity_id', 'text').execute();
  await db.schema.alterTable('participants').addColumn('email_canonical', 'text').execute();

  const taken = new Set<string>();
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; email: string }>`
      select id, email from participants where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    for (const row of rows) {
      const canonical = canonicalEmail(row.email);
      if (taken.has(canonical)) continue;
      taken.add(canonical);
      await sql`update participants set email_canonical = ${canonical} where id = ${row.id}`.execute(
        db,
      );
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  // Null (a collided account, above) is allowed more than once on both engines.
  await db.schema
    .createIndex('participants_email_canonical')
    .on('participants')
    .column('email_canonical')
    .unique()
    .execute();

  await db.schema
    .alterTable('submissions')
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('quality_flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('submissions').addColumn('network_fingerprint', 'text').execute();
  // Applications to one opportunity from one network in the last hour: one range read.
  await db.schema
    .createIndex('submissions_opportunity_network')
    .on('submissions')
    .columns(['opportunity_id', 'network_fingerprint', 'created_at'])
    .execute();

  // The hourly sweep that forgets fingerprints past the hour reads only rows still holding one.
  await db.schema
    .createIndex('submissions_network_kept')
    .on('submissions')
    .column('created_at')
    .where(sql.ref('network_fingerprint'), 'is not', null)
    .execute();

  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into instance_secrets (name, secret, created_at) values (${'network_fingerprint'}, ${randomBytes(32).toString('base64url')}, ${new Date().toISOString()})`.execute(
    db,
  );
}
