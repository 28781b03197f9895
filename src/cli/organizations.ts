import { parseArgs } from 'node:util';
import { operatorActor } from '../audit/index.ts';
import type { Config } from '../config.ts';
import { addCredit } from '../finance/index.ts';
import type { ApiKeyRole } from '../organizations/index.ts';
import {
  createApiKey,
  createOrganization,
  findOrganization,
  revokeApiKey,
} from '../organizations/index.ts';
import type { Database } from '../platform/db/database.ts';
import { print, requireInteger, UsageError } from './output.ts';

const ROLES: readonly ApiKeyRole[] = ['owner', 'member', 'viewer'];

export async function orgCommand(args: string[], database: Database, config: Config) {
  const [action, ...rest] = args;
  if (action !== 'create')
    throw new UsageError(
      'usage: cohort org create --name N [--balance-cents C] [--overdraft-cents C] [--hide-identity] [--json]',
    );
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      'balance-cents': { type: 'string' },
      'overdraft-cents': { type: 'string' },
      'platform-fee-cents': { type: 'string' },
      'hide-identity': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.name?.trim()) throw new UsageError('--name is required');
  const balanceCents = values['balance-cents']
    ? requireInteger('balance-cents', values['balance-cents'], { min: 0 })
    : 0;
  const overdraftLimitCents = values['overdraft-cents']
    ? requireInteger('overdraft-cents', values['overdraft-cents'], { min: 0 })
    : 0;
  const platformFeeCents = values['platform-fee-cents']
    ? requireInteger('platform-fee-cents', values['platform-fee-cents'], { min: 0 })
    : config.defaultPlatformFeeCents;
  const { organization, apiKey } = await database.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(trx, {
      name: values.name!.trim(),
      balanceCents,
      overdraftLimitCents,
      platformFeeCents,
      hideIdentity: values['hide-identity'],
    });
    const { apiKey } = await createApiKey(trx, organization.id, 'owner');
    return { organization, apiKey };
  });
  print(
    values.json,
    { organization: organizationJson(organization), api_key: apiKey },
    `Created organization ${organization.name} (${organization.id}).\nOwner API key (shown once): ${apiKey}`,
  );
}

export function organizationJson(row: {
  id: string;
  name: string;
  slug: string;
  balance_cents: number;
  overdraft_limit_cents: number;
  hide_identity: number;
  created_at: string;
}) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    balance_cents: row.balance_cents,
    overdraft_limit_cents: row.overdraft_limit_cents,
    hide_identity: row.hide_identity === 1,
    created_at: row.created_at,
  };
}

export async function keyCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      role: { type: 'string', default: 'owner' },
      json: { type: 'boolean', default: false },
    },
  });
  if (action === 'create') {
    if (!values.org) throw new UsageError('--org is required');
    const role = values.role as ApiKeyRole;
    if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    if (!(await findOrganization(database.db, values.org)))
      throw new UsageError(`no organization ${values.org}`);
    const { key, apiKey } = await createApiKey(database.db, values.org, role);
    print(
      values.json,
      {
        key: {
          id: key.id,
          organization_id: key.organization_id,
          role: key.role,
          created_at: key.created_at,
        },
        api_key: apiKey,
      },
      `Created ${role} key ${key.id}. API key (shown once): ${apiKey}`,
    );
    return;
  }
  if (action === 'revoke') {
    const keyId = positionals[0];
    if (!keyId) throw new UsageError('usage: cohort key revoke KEY_ID');
    const revoked = await revokeApiKey(database.db, keyId);
    if (!revoked) throw new UsageError(`no active key ${keyId}`);
    print(values.json, { id: keyId, revoked: true }, `Revoked ${keyId}.`);
    return;
  }
  throw new UsageError(
    'usage: cohort key create --org ID [--role owner|member|viewer] [--json] | cohort key revoke KEY_ID',
  );
}

export async function creditCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      org: { type: 'string' },
      cents: { type: 'string' },
      memo: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (action !== 'add')
    throw new UsageError('usage: cohort credit add --org ID --cents C [--memo TEXT]');
  if (!values.org) throw new UsageError('--org is required');
  const cents = requireInteger('cents', values.cents, { min: 1 });
  const organizationId = values.org;
  const entry = await addCredit(database.db, {
    actor: operatorActor(),
    organizationId,
    amountCents: cents,
    memo: values.memo ?? 'Credit added by an operator',
  });
  if (!entry) throw new UsageError(`no organization ${organizationId}`);
  print(
    values.json,
    {
      ledger_entry_id: entry.id,
      organization_id: organizationId,
      amount_cents: cents,
      balance_cents: entry.balance_after_cents,
    },
    `Added ${cents} cents to ${organizationId}; balance now ${entry.balance_after_cents} cents.`,
  );
}
