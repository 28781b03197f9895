import { describe, expect, it } from 'vitest';
import { nameMatchers, redactBackground, redactText } from './redact-background.ts';

const scrub = (text: string, name = 'Ana Lima') => redactText(text, nameMatchers(name));

describe('redactText', () => {
  it.each([
    ['Write to ana.lima@example.com for details', 'Write to [removed] for details'],
    [
      'Portfolio: https://ana.example/work?x=1 and www.site.org',
      'Portfolio: [removed] and [removed]',
    ],
    ['See linkedin.com/in/ana-lima-123', 'See [removed]'],
    ['Call +1 (555) 123-4567 or 030 1234 5678', 'Call [removed] or [removed]'],
    ['Ping me @analima on X', 'Ping me [removed] on X'],
    [
      'Ana Lima led the team; Lima hired 4 people',
      '[name removed] led the team; [name removed] hired 4 people',
    ],
  ])('%s', (input, output) => {
    expect(scrub(input)).toBe(output);
  });

  it('keeps what is not contact detail: years, ranges, amounts, technologies, other words', () => {
    const text =
      'From 2019-2021 grew revenue by $1,200,000 using Node.js; Analytics lead at Limasol';
    expect(scrub(text)).toBe(text);
  });
});

describe('redactBackground', () => {
  it('is null without any history', () => {
    expect(redactBackground({ experiences: [], educations: [] }, 'Ana')).toBeNull();
  });

  it('scrubs every text field and fills absent ones with null', () => {
    expect(
      redactBackground(
        {
          experiences: [
            { company: 'Acme', description: 'Reach me at a@b.co', started_at: '2020-01' },
          ],
          educations: [{ school: 'TU Berlin', major: 'CS (ask Ana)' }],
        },
        'Ana Lima',
      ),
    ).toEqual({
      experiences: [
        {
          company: 'Acme',
          role: null,
          started_at: '2020-01',
          ended_at: null,
          description: 'Reach me at [removed]',
        },
      ],
      educations: [{ school: 'TU Berlin', degree: null, major: 'CS (ask [name removed])' }],
    });
  });
});
