/**
 * The answer of every pure state-machine step in Cohort: the status to move to, or a 409 with a
 * message the API can show as is (flat `{code: "CONFLICT", message, issues}`: docs/api/errors.md).
 */
export type Transition<S extends string> =
  | { ok: true; to: S }
  | { ok: false; code: 'CONFLICT'; message: string };

export function moveTo<S extends string>(to: S): Transition<S> {
  return { ok: true, to };
}

export function refuse<S extends string>(message: string): Transition<S> {
  return { ok: false, code: 'CONFLICT', message };
}
