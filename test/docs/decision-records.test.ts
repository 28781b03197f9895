import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decisions are records, one a file, listed in one index (docs/decisions/README.md says what a
 * record holds and how to add one).
 */
const folder = 'docs/decisions';
const files = fs
  .readdirSync(folder)
  .filter((name) => name !== 'README.md')
  .sort();
const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
const text = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');
const lineCount = (body: string) => body.replace(/\n$/, '').split('\n').length;

/** Relative Markdown link targets of a text, without their #fragment. */
function relativeLinks(body: string): string[] {
  const targets = [...body.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.split('#')[0] ?? '');
}

describe('decision records', () => {
  it('are named NNNN-kebab-title.md, one number each', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((name) => !/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(name))).toEqual([]);
    const numbers = files.map((name) => name.slice(0, 4));
    expect(numbers.filter((number, i) => numbers.indexOf(number) !== i)).toEqual([]);
  });

  it('stay within 250 lines', () => {
    const long = files.filter((name) => lineCount(text(name)) > 250);
    expect(long.map((name) => `${name}: ${lineCount(text(name))} lines`)).toEqual([]);
  });

  it('open with their number and title, and hold Context, Decision and Consequences', () => {
    const problems: string[] = [];
    for (const name of files) {
      const body = text(name);
      if (!body.startsWith(`# ${name.slice(0, 4)}. `))
        problems.push(`${name}: no "# ${name.slice(0, 4)}. Title"`);
      for (const heading of ['Context', 'Decision', 'Consequences']) {
        if (!new RegExp(`^## ${heading}\\s*$`, 'm').test(body))
          problems.push(`${name}: no "## ${heading}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('are each linked from the index, which links nothing missing', () => {
    const linked = relativeLinks(index);
    expect(files.filter((name) => !linked.includes(name))).toEqual([]);
    expect(linked.filter((target) => !fs.existsSync(path.join(folder, target)))).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const name of files) {
      for (const target of relativeLinks(text(name))) {
        if (target !== '' && !fs.existsSync(path.join(folder, target)))
          broken.push(`${name}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
