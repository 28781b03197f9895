import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Every task now carries a completion code (docs/decisions/0077-completion-codes.md): create
// assigns them, and this gives one to each task of the opportunities made before, deleted ones
// included, so every stored task reads back with one. The tasks column is JSON text on both
// engines, read and rewritten whole. A migration is a snapshot: the code format is written out here
// rather than imported, so a later change to src/opportunities/completion-codes.ts cannot change
// what this did. Rows are rewritten only when a task lacks a code, so running it again changes
// nothing; updated_at stays, since nobody edited the opportunity.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;
const BATCH = 500;

function newCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The tasks with a code each, unique among them; undefined when none was missing. */
function withCompletionCodes(tasksJson: string): string | undefined {
  const tasks: unknown = JSON.parse(tasksJson);
  if (!Array.isArray(tasks)) return undefined;
  const used = new Set<string>();
  for (const task of tasks) {
    if (typeof task?.completion_code === 'string') used.add(task.completion_code);
  }
  let changed = false;
  for (const task of tasks) {
    if (typeof task !== 'object' || task === null || typeof task.completion_code === 'string') {
      continue;
    }
    let code: string;
    do code = newCode();
    while (used.has(code));
    used.add(code);
    task.completion_code = code;
    changed = true;
  }
  return changed ? JSON.stringify(tasks) : undefined;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; tasks: string }>`
      select id, tasks from opportunities where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    for (const row of rows) {
      const tasks = withCompletionCodes(row.tasks);
      if (tasks !== undefined) {
        await sql`update opportunities set tasks = ${tasks} where id = ${row.id}`.execute(db);
      }
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
