import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const fr: Messages<typeof en> = {
  title: 'Gains',
  total: 'Total gagné : <strong>{amount}</strong>',
  workHeading: 'Vos travaux',
  waiting: 'En attente de validation',
  waitingTotal: 'En attente de validation · {amount}',
  inProgress: 'En cours',
  inProgressTotal: 'En cours · {amount}',
  approved: 'Validés',
  approvedTotal: 'Validés · {amount}',
  rejected: 'Non validés',
  rejectedTotal: 'Non validés · {amount}',
  study: 'Étude',
  amount: 'Montant',
  noWork: 'Aucun travail pour l’instant.',
  paymentsHeading: 'Paiements',
  paymentsCaption: 'Paiements reçus, du plus récent au plus ancien',
  paid: 'Payé le',
  olderPayments: 'Paiements plus anciens',
  noPayments: 'Aucun paiement pour l’instant : les travaux validés sont payés ici.',
};
