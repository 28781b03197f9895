import { describe, expect, it } from 'vitest';
import { filterCatalog } from '../../filters/index.ts';
import { newStudyBody } from './new-study-form.ts';

describe('newStudyBody', () => {
  const catalog = filterCatalog();

  it('turns the form into the create body, leaving blank task slots and filters out', () => {
    const { body, issues } = newStudyBody(
      {
        title: ' Checkout study ',
        project_id: 'prj_1',
        num_participants: '12',
        expected_days_to_complete: '10',
        customer_screening_review: 'manual_review',
        device_types: 'desktop\nmobile_ios',
        'filter.multi_select--country': 'DE\nFR',
        'filter.integer--age.min': '25',
        'filter.integer--age.max': '',
        'filter.multi_select--seniority': 'senior',
        'filter.multi_select--seniority.exclude': 'yes',
        'task1.task_type': 'activity',
        'task1.title': 'Try the prototype',
        'task1.task_url': 'https://tasks.example/s',
        'task1.duration_minutes': '15',
        'task2.title': '',
        screening_questions: '',
      },
      catalog,
    );
    expect(issues).toEqual([]);
    expect(body).toMatchObject({
      title: 'Checkout study',
      internal_title: null,
      project_id: 'prj_1',
      num_participants: 12,
      expected_days_to_complete: 10,
      customer_screening_review: 'manual_review',
      device_types: ['desktop', 'mobile_ios'],
      filters: [
        { 'multi_select--country': { $in: ['DE', 'FR'] } },
        { 'integer--age': { $gte: 25 } },
        { 'multi_select--seniority': { $nin: ['senior'] } },
      ],
      tasks: [
        {
          task_type: 'activity',
          title: 'Try the prototype',
          description: '',
          duration_minutes: 15,
          task_url: 'https://tasks.example/s',
        },
      ],
      screening_questions: [],
    });
  });

  it('keeps what does not parse for the create use case to refuse, and reports bad JSON', () => {
    const { body, issues } = newStudyBody(
      {
        num_participants: 'many',
        quotas: '[{',
        'task1.title': 'T',
        'task1.duration_minutes': 'ten',
      },
      catalog,
    );
    expect(body.num_participants).toBe('many');
    expect((body.tasks as { duration_minutes: unknown }[])[0]!.duration_minutes).toBe('ten');
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/^quotas: is not valid JSON/),
    ]);
  });
});
