/**
 * The filter catalog (docs/api/audience-filters.md): the same for every organization. A slug is
 * `<type>--<name>`, so its type can be read off it.
 *
 * - multi_select: the operand is an array of option ids; `$in` keeps participants holding at
 *   least one of them, `$nin` those holding none.
 * - integer: `$gte` and/or `$lte`, numbers within the entry's min and max.
 * - reference: `$in` an array of ids of the same organization: opportunity ids for the
 *   `_participants` filters, participant group ids for the `_groups` filters.
 */
export const FILTER_TYPES = ['multi_select', 'integer', 'reference'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const FILTER_CATEGORIES = [
  'location',
  'demographics',
  'professional',
  'education',
  'household',
  'technology',
  'participation',
] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

export const OPERATORS_BY_TYPE = {
  multi_select: ['$in', '$nin'],
  integer: ['$gte', '$lte'],
  reference: ['$in'],
} as const satisfies Record<FilterType, readonly string[]>;

export type FilterOperator = (typeof OPERATORS_BY_TYPE)[FilterType][number];

export interface FilterOption {
  id: string;
  name: string;
}

export interface FilterCatalogEntry {
  slug: string;
  name: string;
  type: FilterType;
  category: FilterCategory;
  operators: string[];
  min?: number;
  max?: number;
  options_url?: string;
}

/** Where an option list comes from: geography data, or a fixed list with panel shares. */
export type OptionSource =
  | { kind: 'country' }
  | { kind: 'state' }
  | { kind: 'city' }
  | { kind: 'fixed'; options: readonly FixedOption[] };

/**
 * `share` is the estimated part of a general panel holding the option, used by audience
 * selectivity. Shares of one list sum to at most 1 (some people hold none, and a person may
 * hold several where the attribute allows it, which the estimate ignores).
 */
export interface FixedOption extends FilterOption {
  share: number;
}

export interface FilterDefinition {
  entry: FilterCatalogEntry;
  source?: OptionSource;
}

export const AGE_MIN = 18;
export const AGE_MAX = 99;

export const optionsUrl = (slug: string) => `/v2/filters/${slug}/options`;

const option = (id: string, name: string, share: number): FixedOption => ({ id, name, share });

const LANGUAGES: FixedOption[] = [
  option('en', 'English', 0.45),
  option('zh', 'Chinese', 0.12),
  option('hi', 'Hindi', 0.07),
  option('es', 'Spanish', 0.1),
  option('fr', 'French', 0.05),
  option('ar', 'Arabic', 0.04),
  option('bn', 'Bengali', 0.02),
  option('pt', 'Portuguese', 0.04),
  option('ru', 'Russian', 0.03),
  option('ja', 'Japanese', 0.02),
  option('de', 'German', 0.03),
  option('ko', 'Korean', 0.01),
  option('it', 'Italian', 0.01),
  option('tr', 'Turkish', 0.01),
  option('vi', 'Vietnamese', 0.01),
  option('pl', 'Polish', 0.01),
  option('nl', 'Dutch', 0.01),
  option('uk', 'Ukrainian', 0.005),
  option('id', 'Indonesian', 0.01),
  option('ms', 'Malay', 0.005),
  option('th', 'Thai', 0.005),
  option('fa', 'Persian', 0.005),
  option('sv', 'Swedish', 0.005),
  option('he', 'Hebrew', 0.003),
  option('el', 'Greek', 0.003),
  option('cs', 'Czech', 0.003),
  option('ro', 'Romanian', 0.003),
  option('hu', 'Hungarian', 0.002),
  option('da', 'Danish', 0.002),
  option('fi', 'Finnish', 0.002),
  option('no', 'Norwegian', 0.002),
  option('sw', 'Swahili', 0.005),
  option('ta', 'Tamil', 0.005),
  option('ur', 'Urdu', 0.01),
  option('tl', 'Tagalog', 0.005),
];

const INDUSTRIES: FixedOption[] = [
  option('technology', 'Technology and software', 0.1),
  option('financial_services', 'Financial services and banking', 0.06),
  option('insurance', 'Insurance', 0.02),
  option('healthcare', 'Healthcare and hospitals', 0.1),
  option('pharmaceuticals', 'Pharmaceuticals and biotechnology', 0.02),
  option('education', 'Education', 0.08),
  option('government', 'Government and public administration', 0.06),
  option('manufacturing', 'Manufacturing', 0.09),
  option('retail', 'Retail and e-commerce', 0.09),
  option('consumer_goods', 'Consumer goods', 0.03),
  option('media', 'Media, marketing and advertising', 0.03),
  option('telecommunications', 'Telecommunications', 0.02),
  option('energy', 'Energy and utilities', 0.02),
  option('construction', 'Construction and real estate', 0.06),
  option('transportation', 'Transportation and logistics', 0.05),
  option('hospitality', 'Hospitality, travel and food service', 0.06),
  option('professional_services', 'Consulting, legal and accounting', 0.05),
  option('agriculture', 'Agriculture', 0.03),
  option('nonprofit', 'Non-profit', 0.02),
  option('other', 'Other', 0.01),
];

const JOB_FUNCTIONS: FixedOption[] = [
  option('engineering', 'Engineering and software development', 0.08),
  option('it', 'IT and systems administration', 0.05),
  option('product', 'Product management', 0.02),
  option('design', 'Design and UX', 0.02),
  option('data', 'Data and analytics', 0.03),
  option('sales', 'Sales', 0.1),
  option('marketing', 'Marketing', 0.05),
  option('customer_support', 'Customer support and success', 0.06),
  option('operations', 'Operations', 0.1),
  option('finance', 'Finance and accounting', 0.06),
  option('human_resources', 'Human resources', 0.04),
  option('legal', 'Legal', 0.02),
  option('procurement', 'Procurement and purchasing', 0.02),
  option('research', 'Research and science', 0.03),
  option('healthcare_practitioner', 'Healthcare practitioner', 0.07),
  option('teaching', 'Teaching', 0.06),
  option('administration', 'Administration and office support', 0.08),
  option('executive', 'General management and executive', 0.04),
  option('other', 'Other', 0.07),
];

const SENIORITIES: FixedOption[] = [
  option('intern', 'Intern', 0.03),
  option('entry', 'Entry level', 0.25),
  option('mid', 'Mid level', 0.3),
  option('senior', 'Senior', 0.18),
  option('manager', 'Manager', 0.12),
  option('director', 'Director', 0.06),
  option('vice_president', 'Vice president', 0.03),
  option('c_level', 'C-level executive', 0.02),
  option('owner', 'Owner or partner', 0.01),
];

const COMPANY_SIZES: FixedOption[] = [
  option('1', 'Self-employed (1)', 0.1),
  option('2-10', '2 to 10 employees', 0.15),
  option('11-50', '11 to 50 employees', 0.17),
  option('51-200', '51 to 200 employees', 0.15),
  option('201-500', '201 to 500 employees', 0.1),
  option('501-1000', '501 to 1,000 employees', 0.08),
  option('1001-5000', '1,001 to 5,000 employees', 0.1),
  option('5001-10000', '5,001 to 10,000 employees', 0.05),
  option('10001+', 'More than 10,000 employees', 0.1),
];

const GENDERS: FixedOption[] = [
  option('female', 'Female', 0.49),
  option('male', 'Male', 0.49),
  option('non_binary', 'Non-binary', 0.015),
  option('undisclosed', 'Prefer not to say', 0.005),
];

const EDUCATION_LEVELS: FixedOption[] = [
  option('primary', 'Primary school', 0.05),
  option('secondary', 'Secondary school', 0.3),
  option('vocational', 'Vocational or technical training', 0.1),
  option('some_college', 'Some college, no degree', 0.1),
  option('associate', 'Associate degree', 0.08),
  option('bachelor', "Bachelor's degree", 0.24),
  option('master', "Master's degree", 0.1),
  option('doctorate', 'Doctorate', 0.02),
  option('professional', 'Professional degree (MD, JD, ...)', 0.01),
];

const EMPLOYMENT_STATUSES: FixedOption[] = [
  option('full_time', 'Employed full-time', 0.5),
  option('part_time', 'Employed part-time', 0.1),
  option('self_employed', 'Self-employed', 0.1),
  option('unemployed', 'Unemployed, looking for work', 0.06),
  option('student', 'Student', 0.1),
  option('retired', 'Retired', 0.1),
  option('homemaker', 'Homemaker', 0.04),
];

const HOUSEHOLD_INCOMES: FixedOption[] = [
  option('under_25k', 'Under $25,000', 0.2),
  option('25k-50k', '$25,000 to $49,999', 0.2),
  option('50k-75k', '$50,000 to $74,999', 0.17),
  option('75k-100k', '$75,000 to $99,999', 0.13),
  option('100k-150k', '$100,000 to $149,999', 0.15),
  option('150k-250k', '$150,000 to $249,999', 0.1),
  option('250k_plus', '$250,000 or more', 0.05),
];

const MARITAL_STATUSES: FixedOption[] = [
  option('single', 'Single', 0.35),
  option('in_relationship', 'In a relationship', 0.1),
  option('married', 'Married or civil partnership', 0.45),
  option('divorced', 'Divorced or separated', 0.07),
  option('widowed', 'Widowed', 0.03),
];

const CHILDREN: FixedOption[] = [
  option('none', 'No children', 0.45),
  option('under_5', 'Children under 5', 0.15),
  option('5_to_12', 'Children aged 5 to 12', 0.2),
  option('13_to_17', 'Children aged 13 to 17', 0.15),
  option('adult', 'Adult children', 0.2),
];

const SMARTPHONE_OS: FixedOption[] = [
  option('ios', 'iOS', 0.3),
  option('android', 'Android', 0.68),
  option('other', 'Other', 0.02),
];

function multiSelect(
  slug: string,
  name: string,
  category: FilterCategory,
  source: OptionSource,
): FilterDefinition {
  return {
    entry: {
      slug,
      name,
      type: 'multi_select',
      category,
      operators: [...OPERATORS_BY_TYPE.multi_select],
      options_url: optionsUrl(slug),
    },
    source,
  };
}

function fixed(slug: string, name: string, category: FilterCategory, options: FixedOption[]) {
  return multiSelect(slug, name, category, { kind: 'fixed', options });
}

function reference(slug: string, name: string): FilterDefinition {
  return {
    entry: {
      slug,
      name,
      type: 'reference',
      category: 'participation',
      operators: [...OPERATORS_BY_TYPE.reference],
    },
  };
}

/**
 * A participant's record of decisions (docs/decisions/0168-reputation.md), kept on the participant
 * with each decision: bounds on it match only participants with a record (a rate needs a decision).
 */
function reputation(slug: string, name: string, min: number, max: number): FilterDefinition {
  return {
    entry: {
      slug,
      name,
      type: 'integer',
      category: 'participation',
      operators: [...OPERATORS_BY_TYPE.integer],
      min,
      max,
    },
  };
}

export const APPROVAL_RATE_MAX = 100;
/** Far above any one person's record; a bound beyond it would only be a typo. */
export const APPROVED_SUBMISSIONS_MAX = 100_000;
export const NO_SHOWS_MAX = 1_000;

export const FILTER_DEFINITIONS: readonly FilterDefinition[] = [
  multiSelect('multi_select--country', 'Country', 'location', { kind: 'country' }),
  multiSelect('multi_select--state', 'State or region', 'location', { kind: 'state' }),
  multiSelect('multi_select--city', 'City', 'location', { kind: 'city' }),
  {
    entry: {
      slug: 'integer--age',
      name: 'Age',
      type: 'integer',
      category: 'demographics',
      operators: [...OPERATORS_BY_TYPE.integer],
      min: AGE_MIN,
      max: AGE_MAX,
    },
  },
  fixed('multi_select--gender', 'Gender', 'demographics', GENDERS),
  fixed('multi_select--language', 'Spoken language', 'demographics', LANGUAGES),
  fixed('multi_select--marital_status', 'Marital status', 'household', MARITAL_STATUSES),
  fixed('multi_select--children', 'Children in household', 'household', CHILDREN),
  fixed('multi_select--household_income', 'Household income (USD)', 'household', HOUSEHOLD_INCOMES),
  fixed('multi_select--education_level', 'Highest education level', 'education', EDUCATION_LEVELS),
  fixed(
    'multi_select--employment_status',
    'Employment status',
    'professional',
    EMPLOYMENT_STATUSES,
  ),
  fixed('multi_select--industry', 'Industry', 'professional', INDUSTRIES),
  fixed('multi_select--job_function', 'Job function', 'professional', JOB_FUNCTIONS),
  fixed('multi_select--seniority', 'Seniority', 'professional', SENIORITIES),
  fixed('multi_select--company_size', 'Company size', 'professional', COMPANY_SIZES),
  fixed('multi_select--smartphone_os', 'Smartphone operating system', 'technology', SMARTPHONE_OS),
  reputation(
    'integer--approval_rate',
    'Approval rate (percent of decided submissions approved)',
    0,
    APPROVAL_RATE_MAX,
  ),
  reputation('integer--approved_submissions', 'Approved submissions', 0, APPROVED_SUBMISSIONS_MAX),
  // Unexcused no-shows at lab sessions in the last twelve months (docs/decisions/0179-no-shows.md).
  reputation('integer--no_shows', 'No-shows at lab sessions (last 12 months)', 0, NO_SHOWS_MAX),
  reference('reference--include_participants', 'Participants of these opportunities'),
  reference('reference--exclude_participants', 'Not participants of these opportunities'),
  reference('reference--include_groups', 'Members of these participant groups'),
  reference('reference--exclude_groups', 'Not members of these participant groups'),
];

const BY_SLUG = new Map(
  FILTER_DEFINITIONS.map((definition) => [definition.entry.slug, definition]),
);

/** The catalog as `GET /v2/filters` lists it; fresh objects, so callers may change them. */
export function filterCatalog(): FilterCatalogEntry[] {
  return FILTER_DEFINITIONS.map(({ entry }) => ({ ...entry, operators: [...entry.operators] }));
}

export function findFilter(slug: string): FilterCatalogEntry | undefined {
  const entry = BY_SLUG.get(slug)?.entry;
  return entry && { ...entry, operators: [...entry.operators] };
}

export function filterDefinition(slug: string): FilterDefinition | undefined {
  return BY_SLUG.get(slug);
}

export const INCLUDE_PARTICIPANTS = 'reference--include_participants';
export const EXCLUDE_PARTICIPANTS = 'reference--exclude_participants';
export const INCLUDE_GROUPS = 'reference--include_groups';
export const EXCLUDE_GROUPS = 'reference--exclude_groups';
export const COUNTRY = 'multi_select--country';
export const STATE = 'multi_select--state';
export const CITY = 'multi_select--city';
export const AGE = 'integer--age';
export const APPROVAL_RATE = 'integer--approval_rate';
export const APPROVED_SUBMISSIONS = 'integer--approved_submissions';
export const NO_SHOWS = 'integer--no_shows';

/** The integer filters read from a column of the participant's row (its record of decisions). */
export const REPUTATION_COLUMNS = {
  [APPROVAL_RATE]: 'approval_rate',
  [APPROVED_SUBMISSIONS]: 'approved_submissions',
  [NO_SHOWS]: 'no_shows',
} as const;
export type ReputationColumn = (typeof REPUTATION_COLUMNS)[keyof typeof REPUTATION_COLUMNS];
export const reputationColumn = (slug: string): ReputationColumn | undefined =>
  Object.hasOwn(REPUTATION_COLUMNS, slug)
    ? REPUTATION_COLUMNS[slug as keyof typeof REPUTATION_COLUMNS]
    : undefined;
