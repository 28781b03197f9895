import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExecutedStatements, PLAN_CHANGED } from './pg-executed-statements.ts';

const REGISTERED = ['select a from t where id = $1', 'insert into t values ($1, $2)', 'select 1'];
const TEXTS = [...REGISTERED, 'select b from t where id = $1'];
const nameOf = (text: string) => {
  const index = REGISTERED.indexOf(text);
  return index < 0 ? undefined : `s${index}`;
};
const literal = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));

type Action =
  | { kind: 'statement'; text: number }
  | { kind: 'send'; failAt: number | null; planChanged: boolean }
  | { kind: 'drop' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('statement' as const), text: fc.nat(TEXTS.length - 1) }),
  fc.record({
    kind: fc.constant('send' as const),
    failAt: fc.option(fc.nat(6), { nil: null }),
    planChanged: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('drop' as const) }),
);

/**
 * The connection's bookkeeping against a model of the server: statements run in order until one
 * fails, a PREPARE lasts whatever happens after it, and PostgreSQL refuses a PREPARE of a name it
 * has and an EXECUTE of one it has not. Whatever the failures, the connection never sends either.
 */
describe('statements prepared in a message (pg-executed-statements.ts)', () => {
  it('never prepares a name twice nor executes one not prepared, whatever fails', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const statements = new ExecutedStatements(nameOf, literal);
        const server = new Set<string>();
        let message: string[] = [];
        for (const step of actions) {
          if (step.kind === 'statement') {
            const text = TEXTS[step.text]!;
            message.push(...statements.statementsFor(text, text.includes('$2') ? [1, 'x'] : [1]));
          } else if (step.kind === 'drop') {
            statements.drop();
            message = [];
          } else {
            const sent = statements.take();
            let failed = false;
            for (const [index, statement] of message.entries()) {
              if (index === step.failAt) {
                failed = true;
                break;
              }
              const prepare = /^prepare (\S+) as /.exec(statement);
              if (prepare) {
                expect(server.has(prepare[1]!)).toBe(false);
                server.add(prepare[1]!);
              }
              const execute = /^execute (\S+?)(\(|$)/.exec(statement);
              if (execute) expect(server.has(execute[1]!)).toBe(true);
            }
            statements.settle(
              sent,
              failed ? { code: step.planChanged ? PLAN_CHANGED : '23505' } : undefined,
            );
            message = [];
          }
        }
      }),
    );
  });

  it('prepares a registered text in its first message, executes it by name after', () => {
    const statements = new ExecutedStatements(nameOf, literal);
    const text = REGISTERED[1]!;
    expect(statements.statementsFor(text, [3, "it's"])).toEqual([
      `prepare s1 as ${text}`,
      `execute s1(3, 'it's')`,
    ]);
    statements.settle(statements.take());
    expect(statements.statementsFor(text, [4, 'b'])).toEqual([`execute s1(4, 'b')`]);
    expect(statements.statementsFor(REGISTERED[2]!, [])).toEqual([
      'prepare s2 as select 1',
      'execute s2',
    ]);
    expect(statements.statementsFor(TEXTS[3]!, [5])).toEqual(['select b from t where id = 5']);
  });
});
