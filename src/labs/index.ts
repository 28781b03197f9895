/**
 * What other features may use of labs (docs/decisions/0178-lab-sessions.md): the rooms scheduled
 * sessions take place in, and their secret calendar links.
 */
export type { LabRow } from './labs.table.ts';
export {
  calendarLinkUrl,
  createLab,
  deleteLab,
  editLab,
  labOfCalendarToken,
  ownLab,
  revokeCalendarLink,
  rotateCalendarLink,
} from './manage.ts';
export { labRoutes } from './routes.ts';
export { findLab, listLabs, lockLab } from './store.ts';
export { labView } from './view.ts';
