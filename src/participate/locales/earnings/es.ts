import type { Messages } from '../../../platform/i18n/catalog.ts';
import type { en } from './en.ts';

export const es: Messages<typeof en> = {
  title: 'Ganancias',
  total: 'Total ganado: <strong>{amount}</strong>',
  workHeading: 'Tus trabajos',
  waiting: 'Pendiente de revisión',
  waitingTotal: 'Pendiente de revisión · {amount}',
  inProgress: 'En curso',
  inProgressTotal: 'En curso · {amount}',
  approved: 'Aprobados',
  approvedTotal: 'Aprobados · {amount}',
  rejected: 'No aprobados',
  rejectedTotal: 'No aprobados · {amount}',
  study: 'Estudio',
  amount: 'Importe',
  noWork: 'Todavía no tienes trabajos.',
  paymentsHeading: 'Pagos',
  paymentsCaption: 'Pagos recibidos, del más reciente al más antiguo',
  paid: 'Pagado el',
  olderPayments: 'Pagos anteriores',
  noPayments: 'Todavía no hay pagos: aquí se pagan los trabajos aprobados.',
};
