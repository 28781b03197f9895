export * from './file-upload.ts';
export * from './participant-url.ts';
export * from './rejection-categories.ts';
export * from './submission-status.ts';
export * from './task-progress.ts';
