/**
 * Earnings (src/participate/pages/earnings.ts). `{amount}` is money already formatted in the
 * reader's language (src/platform/i18n/format.ts).
 */
export const en = {
  title: 'Earnings',
  total: 'Total earned <strong>{amount}</strong>',
  workHeading: 'Your work',
  waiting: 'Waiting for review',
  waitingTotal: 'Waiting for review · {amount}',
  inProgress: 'In progress',
  inProgressTotal: 'In progress · {amount}',
  approved: 'Approved',
  approvedTotal: 'Approved · {amount}',
  rejected: 'Not approved',
  rejectedTotal: 'Not approved · {amount}',
  study: 'Study',
  amount: 'Amount',
  noWork: 'No work yet.',
  paymentsHeading: 'Payments',
  paymentsCaption: 'Payments received, newest first',
  paid: 'Paid',
  olderPayments: 'Older payments',
  noPayments: 'No payment yet: approved work is paid here.',
} as const;
