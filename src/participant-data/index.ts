/**
 * A participant's data as a whole: the export of everything held about them and its erasure
 * (docs/participant-data.md). It reaches every feature that holds a participant's data, so it
 * stands above them all.
 */
export { type Erasure, eraseOwnAccount, eraseParticipant } from './erase.ts';
export { exportParticipant } from './export.ts';
export type { ParticipantExport } from './export-schemas.ts';
