import { describe, expect, it } from 'vitest';
import { participantTaskUrl, participantUrlTemplate } from './participant-url.ts';

describe('participantUrlTemplate', () => {
  it('appends the tracking macros', () => {
    expect(participantUrlTemplate('https://survey.example/s/abc')).toBe(
      'https://survey.example/s/abc?submissionId={submissionId}&serviceSubmissionId={submissionId}&taskId={taskId}',
    );
  });

  it('keeps existing parameters and the fragment, replacing tracking ones', () => {
    expect(participantUrlTemplate('https://s.example/x?lang=en&taskId=old#top')).toBe(
      'https://s.example/x?lang=en&submissionId={submissionId}&serviceSubmissionId={submissionId}&taskId={taskId}#top',
    );
  });
});

describe('participantTaskUrl', () => {
  it('fills the same parameters with the real ids, encoded', () => {
    expect(
      participantTaskUrl('https://s.example/x?lang=en', {
        submissionId: 'sub_1',
        taskId: 'opp_1:2',
      }),
    ).toBe(
      'https://s.example/x?lang=en&submissionId=sub_1&serviceSubmissionId=sub_1&taskId=opp_1%3A2',
    );
  });

  it('uses a distinct service submission id when given', () => {
    const url = new URL(
      participantTaskUrl('https://s.example/x', {
        submissionId: 'a',
        taskId: 't',
        serviceSubmissionId: 'b',
      }),
    );
    expect(url.searchParams.get('submissionId')).toBe('a');
    expect(url.searchParams.get('serviceSubmissionId')).toBe('b');
    expect(url.searchParams.get('taskId')).toBe('t');
  });

  it('agrees with the template once the macros are filled', () => {
    const taskUrl = 'https://s.example/x?a=1#f';
    const filled = participantUrlTemplate(taskUrl)
      .replaceAll('{submissionId}', 'sub_9')
      .replaceAll('{taskId}', 'tsk_3');
    expect(participantTaskUrl(taskUrl, { submissionId: 'sub_9', taskId: 'tsk_3' })).toBe(filled);
  });

  it('survives a malformed escape in the task URL', () => {
    expect(
      participantTaskUrl('https://s.example/x?bad=%E0%A4%A', { submissionId: 's', taskId: 't' }),
    ).toContain('bad=%E0%A4%A&');
  });
});
