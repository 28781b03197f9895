/**
 * The one normalization every option search and every name comparison uses: lower case, accents
 * and other combining marks removed, letters the decomposition leaves alone folded by hand
 * (ß, ø, ł, æ, ...), punctuation turned into single spaces. `São Paulo`, `sao-paulo` and
 * `SAO PAULO` all become `sao paulo`.
 */
const FOLDED: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

const COMBINING_MARKS = /\p{M}+/gu;
const FOLDABLE = /[ßøđðłæœþıħ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDED[letter] ?? letter)
    .replace(SEPARATORS, ' ')
    .trim();
}
