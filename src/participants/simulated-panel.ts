import type { ApplicationAnswerInput, ParticipantScreeningQuestion } from '../screening/index.ts';
import { conditionsHold, gridCellValue } from '../screening/index.ts';
import type { SignupBody } from './profile.ts';

/**
 * A simulated panel for `cohort demo` and the screening benchmark: believable profiles, and a
 * participant who fills in a screener the way a person does, from what the participant API shows
 * (display conditions and skip rules honoured, never grading information). Deterministic for a
 * seed, so a demo can be replayed.
 */

export type Random = () => number;

/** mulberry32: small, fast, and good enough to vary a demo. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function sample<T>(random: Random, items: readonly T[], min = 1): T[] {
  const chosen = items.filter(() => random() < 0.5);
  while (chosen.length < Math.min(min, items.length)) {
    const item = pick(random, items);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return items.filter((item) => chosen.includes(item));
}

/** Places whose ids the geography knows, with the tracker timezone a resident would use. */
const PLACES = [
  { country_id: 'US', state_id: 'US-CA', city_id: '5391959', timezone: 'America/Los_Angeles' },
  { country_id: 'US', state_id: 'US-NY', city_id: '5128581', timezone: 'America/New_York' },
  { country_id: 'US', state_id: 'US-TX', city_id: '4671654', timezone: 'America/Chicago' },
  { country_id: 'US', state_id: 'US-WA', city_id: '5809844', timezone: 'America/Los_Angeles' },
  { country_id: 'GB', state_id: null, city_id: '2643743', timezone: 'Europe/London' },
  { country_id: 'DE', state_id: 'DE-BE', city_id: '2950159', timezone: 'Europe/Berlin' },
  { country_id: 'DE', state_id: 'DE-BY', city_id: '2867714', timezone: 'Europe/Berlin' },
  { country_id: 'FR', state_id: null, city_id: '2988507', timezone: 'Europe/Paris' },
  { country_id: 'CA', state_id: 'CA-ON', city_id: '6167865', timezone: 'America/Toronto' },
  { country_id: 'IN', state_id: null, city_id: '1277333', timezone: 'Asia/Kolkata' },
] as const;

const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chloe',
  'Diego',
  'Emma',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST_NAMES = [
  'Lima',
  'Novak',
  'Okafor',
  'Schmidt',
  'Tanaka',
  'Garcia',
  'Khan',
  'Müller',
  'Rossi',
  'Dubois',
  'Patel',
  'Kim',
  'Silva',
  'Johansson',
  'Nguyen',
  'Cohen',
  'Brown',
  'Haddad',
];
const COMPANIES = [
  'Acme Retail',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Stark Logistics',
  'Wayne Finance',
  'Hooli',
  'Vandelay Imports',
  'Soylent Foods',
  'Tyrell Systems',
];
const ROLES = [
  'Product designer',
  'Software engineer',
  'Customer support lead',
  'Store manager',
  'Data analyst',
  'Marketing manager',
  'Operations coordinator',
  'Nurse',
];
const SCHOOLS = ['State University', 'Technical University', 'City College', 'Open University'];
const SENIORITIES = ['entry', 'mid', 'senior', 'manager', 'director'];
const INDUSTRIES = ['technology', 'retail', 'healthcare', 'financial_services', 'education'];
const GENDERS = ['female', 'male', 'non_binary'];

/** A sign-up body for one simulated person; `n` keeps emails unique within a run. */
export function simulatedProfile(random: Random, n: number, runId: string): SignupBody {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const place = pick(random, PLACES);
  const year = 1960 + Math.floor(random() * 45);
  const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  const company = pick(random, COMPANIES);
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${runId}.${n}@panel.example`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, ''),
    timezone: place.timezone,
    birth_date: `${year}-${month}-${day}`,
    linkedin_url:
      random() < 0.6 ? `https://www.linkedin.com/in/${first}-${last}-${n}`.toLowerCase() : null,
    country_id: place.country_id,
    state_id: place.state_id,
    city_id: place.city_id,
    attributes: {
      'multi_select--seniority': [pick(random, SENIORITIES)],
      'multi_select--industry': [pick(random, INDUSTRIES)],
      'multi_select--gender': [pick(random, GENDERS)],
      'multi_select--language': random() < 0.8 ? ['en'] : ['en', 'de'],
    },
    linked_accounts: random() < 0.7 ? ['linkedin'] : [],
    background: {
      experiences: [
        {
          company,
          role: pick(random, ROLES),
          started_at: `${2010 + Math.floor(random() * 12)}-0${1 + Math.floor(random() * 9)}`,
          ended_at: null,
          description: `Day-to-day work at ${company}; shops online most weeks.`,
        },
      ],
      educations: [{ school: pick(random, SCHOOLS), degree: 'BSc', major: null }],
    },
  };
}

const TYPED_ANSWERS = [
  'Finding the delivery date before paying',
  'Too many steps before I can pay',
  'I like seeing the total early',
  'Saved cards make it quick',
];

/**
 * Fills in a screener as the participant API shows it: questions whose display condition fails
 * are left out, skip rules jump ahead or end the screener, and every shown question gets a
 * plausible answer of the right form.
 */
export function answerScreener(
  questions: readonly ParticipantScreeningQuestion[],
  random: Random,
): ApplicationAnswerInput[] {
  const chosen = new Map<string, readonly string[] | null>();
  const answers: ApplicationAnswerInput[] = [];
  let resumeAt = 0;
  for (const [index, question] of questions.entries()) {
    const display = question.display_condition;
    if (
      index < resumeAt ||
      (display && !conditionsHold(display.conditions, display.join, chosen))
    ) {
      chosen.set(question.key, null);
      continue;
    }
    const answer = answerOne(question, random);
    chosen.set(question.key, answer.answer);
    answers.push(answer);
    const skip = (question.skip_rules ?? []).find((rule) =>
      conditionsHold(rule.conditions, rule.join, chosen),
    );
    if (skip) {
      const target =
        skip.target_question === null
          ? -1
          : questions.findIndex((q) => q.key === skip.target_question);
      resumeAt = target > index ? target : Number.POSITIVE_INFINITY;
    }
  }
  return answers;
}

function answerOne(question: ParticipantScreeningQuestion, random: Random): ApplicationAnswerInput {
  const texts = question.answers.map((a) => a.text);
  switch (question.pick) {
    case 'text':
      return { key: question.key, answer: [pick(random, TYPED_ANSWERS)] };
    case 'boolean':
      return { key: question.key, answer: [random() < 0.7 ? 'Yes' : 'No'] };
    case 'one':
      return withFreeText(question, [pick(random, texts)], random);
    case 'any':
      return withFreeText(question, sample(random, texts), random);
    case 'grid': {
      const grid = question.grid!;
      const cells = grid.rows.flatMap((row) =>
        grid.pick === 'one'
          ? [gridCellValue(row.text, pick(random, grid.columns).text)]
          : sample(random, grid.columns, 0).map((column) => gridCellValue(row.text, column.text)),
      );
      if (cells.length === 0 && grid.rows[0] && grid.columns[0]) {
        cells.push(gridCellValue(grid.rows[0].text, grid.columns[0].text));
      }
      return { key: question.key, answer: cells };
    }
  }
}

function withFreeText(
  question: ParticipantScreeningQuestion,
  answer: string[],
  random: Random,
): ApplicationAnswerInput {
  const writeIn = question.answers.some((a) => a.allow_free_text && answer.includes(a.text));
  return writeIn
    ? { key: question.key, answer, free_text: pick(random, TYPED_ANSWERS) }
    : { key: question.key, answer };
}
