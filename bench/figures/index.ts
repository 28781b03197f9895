import { applications } from './applications.ts';
import type { Figure } from './figure.ts';
import { invitePostgres, inviteSqlite } from './invitations.ts';
import { launchStampede, launchStampedePostgres } from './launch-stampede.ts';
import { mailSendsPostgres, mailSendsSqlite } from './mail-sends.ts';
import { opportunityList } from './opportunity-list.ts';
import { opportunityRead } from './opportunity-read.ts';
import { optionSearch } from './option-search.ts';
import { postgresRead } from './postgres-read.ts';
import { postgresTwoProcesses } from './postgres-two-processes.ts';
import { projectList } from './project-list.ts';
import { projectRead } from './project-read.ts';
import { residentMemory } from './resident-memory.ts';
import { startToListening } from './start-to-listening.ts';
import { statusToDelivery } from './status-to-delivery.ts';
import { webhookDeliveriesPostgres, webhookDeliveriesSqlite } from './webhook-deliveries.ts';

export type { Figure, Reading } from './figure.ts';

/** Every figure of issue 24's table, in its order, then the ones other issues set. */
export const FIGURES: readonly Figure[] = [
  projectRead,
  projectList,
  opportunityRead,
  opportunityList,
  applications,
  webhookDeliveriesSqlite,
  webhookDeliveriesPostgres,
  statusToDelivery,
  postgresRead,
  postgresTwoProcesses,
  residentMemory,
  startToListening,
  launchStampede,
  launchStampedePostgres,
  optionSearch,
  mailSendsSqlite,
  mailSendsPostgres,
  inviteSqlite,
  invitePostgres,
];
