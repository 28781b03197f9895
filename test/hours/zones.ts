/** Zones the tests sweep: DST both ways, odd offsets, both sides of the date line. */
export const CONTRACT_TEST_ZONES = [
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Australia/Lord_Howe',
] as const;

/**
 * Zones with awkward days: midnight skipped (Santiago, Havana), midnight repeated or a 25-hour
 * day ending at midnight (Beirut), a whole date skipped (Apia 2011-12-30), and a local date that
 * comes back after midnight (Goose_Bay before 2011).
 */
export const AWKWARD_ZONES = [
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Pacific/Apia',
  'America/Goose_Bay',
] as const;

/** Instants near transitions, so random tests land on them instead of only on ordinary days. */
export const INTERESTING_INSTANTS = [
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2026-04-04T15:00:00Z',
  '2026-10-03T15:30:00Z',
  '2026-09-06T04:00:00Z',
  '2026-10-24T21:00:00Z',
  '2011-12-30T10:00:00Z',
  '1994-12-31T10:00:00Z',
  '1985-12-31T18:30:00Z',
  '2008-11-02T03:01:00Z',
].map((iso) => Date.parse(iso));
