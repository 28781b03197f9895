import { describe, expect, it } from 'vitest';
import {
  FILE_UPLOAD_DEFAULTS,
  fileUploadSettings,
  fileUploadSettingsIssues,
} from '../opportunities/index.ts';
import { checkUploadedFiles } from './file-upload.ts';

const pdf = { mimeType: 'application/pdf', sizeBytes: 1_000 };

describe('file upload settings', () => {
  it('shows the defaults for anything unset', () => {
    expect(fileUploadSettings({})).toEqual({
      ...FILE_UPLOAD_DEFAULTS,
      accepted_mime_types: [...FILE_UPLOAD_DEFAULTS.accepted_mime_types],
    });
    expect(fileUploadSettings({ max_files: 2 }).max_files).toBe(2);
  });

  it('flags impossible settings', () => {
    expect(fileUploadSettingsIssues({ min_files: 3, max_files: 2 })).toHaveLength(1);
    expect(fileUploadSettingsIssues({ accepted_mime_types: ['pdf'] })).toHaveLength(1);
    expect(
      fileUploadSettingsIssues({ accepted_mime_types: ['image/*'], max_file_size_bytes: 10 }),
    ).toEqual([]);
  });
});

describe('checkUploadedFiles', () => {
  it('accepts files within the defaults', () => {
    expect(
      checkUploadedFiles(fileUploadSettings({}), [pdf, { mimeType: 'image/png', sizeBytes: 5 }]),
    ).toEqual([]);
  });

  it('lists every problem at once', () => {
    const issues = checkUploadedFiles(
      fileUploadSettings({ max_files: 1, max_file_size_bytes: 100 }),
      [
        { mimeType: 'application/x-msdownload', sizeBytes: 50, name: 'a.exe' },
        { mimeType: 'application/pdf', sizeBytes: 101 },
      ],
    );
    expect(issues.map((i) => i.message)).toEqual([
      'At most 1 file(s) allowed, got 2',
      'File "a.exe" has type application/x-msdownload, which this task does not accept',
      'File 2 is 101 bytes, over the limit of 100',
    ]);
  });

  it('requires the minimum count and accepts wildcards and mime parameters', () => {
    expect(checkUploadedFiles(fileUploadSettings({ min_files: 2 }), [pdf])).toHaveLength(1);
    expect(
      checkUploadedFiles(fileUploadSettings({ accepted_mime_types: ['image/*'] }), [
        { mimeType: 'image/heic', sizeBytes: 1 },
      ]),
    ).toEqual([]);
    expect(
      checkUploadedFiles(fileUploadSettings({ accepted_mime_types: ['text/plain'] }), [
        { mimeType: 'Text/Plain; charset=utf-8', sizeBytes: 1 },
      ]),
    ).toEqual([]);
    expect(
      checkUploadedFiles(fileUploadSettings({ accepted_mime_types: ['image/*'] }), [pdf]),
    ).toHaveLength(1);
  });

  it('accepts exactly the size limit and refuses an empty file', () => {
    const limit = FILE_UPLOAD_DEFAULTS.max_file_size_bytes;
    expect(checkUploadedFiles(fileUploadSettings({}), [{ ...pdf, sizeBytes: limit }])).toEqual([]);
    expect(
      checkUploadedFiles(fileUploadSettings({}), [{ ...pdf, sizeBytes: limit + 1 }]),
    ).toHaveLength(1);
    expect(checkUploadedFiles(fileUploadSettings({}), [{ ...pdf, sizeBytes: 0 }])).toHaveLength(1);
  });
});
