import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const de: Messages<typeof en> = {
  title: 'Einnahmen',
  total: 'Bisher verdient: <strong>{amount}</strong>',
  workHeading: 'Ihre Aufgaben',
  waiting: 'Wird geprüft',
  waitingTotal: 'Wird geprüft · {amount}',
  inProgress: 'In Arbeit',
  inProgressTotal: 'In Arbeit · {amount}',
  approved: 'Angenommen',
  approvedTotal: 'Angenommen · {amount}',
  rejected: 'Nicht angenommen',
  rejectedTotal: 'Nicht angenommen · {amount}',
  study: 'Studie',
  amount: 'Betrag',
  noWork: 'Noch keine Aufgaben.',
  paymentsHeading: 'Zahlungen',
  paymentsCaption: 'Erhaltene Zahlungen, die neuesten zuerst',
  paid: 'Bezahlt am',
  olderPayments: 'Ältere Zahlungen',
  noPayments: 'Noch keine Zahlung. Angenommene Aufgaben werden hier ausgezahlt.',
};
