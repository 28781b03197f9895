import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link and image in README.md and docs/**\/*.md names a file that exists, and every
 * `#fragment` into a Markdown file names one of its headings (issue 33: the README is a front page
 * that links to guides). Links with a scheme (https:, mailto:) are not followed.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Link {
  line: number;
  target: string;
}

/** README.md and every Markdown file under docs/, as paths relative to the repository root. */
function documents(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found.sort();
}

/**
 * The lines of a Markdown text with fenced code blocks blanked, so an example that shows
 * `[text](target)` or `# comment` is taken for neither a link nor a heading. Line numbers stay.
 */
function outsideFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const marker = line.match(/^ {0,3}(`{3,}|~{3,})\s*(.*)$/);
    if (fence) {
      // A fence closes with at least as many of the same character and nothing after them.
      const [, run = '', rest] = marker ?? [];
      if (run.startsWith(fence[0]!) && run.length >= fence.length && rest === '') fence = null;
      return '';
    }
    if (marker) {
      fence = marker[1]!;
      return '';
    }
    return line.replace(/<!--.*?-->/g, '');
  });
}

/** The same lines without inline code spans either. */
function prose(markdown: string): string[] {
  return outsideFences(markdown).map((line) => line.replace(/(`+)[^`]*?\1/g, ''));
}

/** Inline links and images, reference definitions, and HTML `href`/`src` attributes. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  prose(markdown).forEach((text, index) => {
    const line = index + 1;
    for (const m of text.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
      links.push({ line, target: m[1]!.replace(/^<|>$/g, '') });
    }
    const definition = text.match(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/);
    if (definition) links.push({ line, target: definition[1]!.replace(/^<|>$/g, '') });
    for (const m of text.matchAll(/<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']/gi)) {
      links.push({ line, target: m[1]! });
    }
  });
  return links;
}

/** A heading's anchor as GitHub makes it: the text as rendered, lower case, punctuation dropped. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats numbered) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const lines = outsideFences(markdown);
  lines.forEach((line, index) => {
    let heading = line.match(/^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/)?.[1];
    const next = lines[index + 1];
    if (heading === undefined && /\S/.test(line) && next && /^ {0,3}(=+|-+)\s*$/.test(next)) {
      // A setext heading, unless the dashes close a table or a list item above them.
      if (!line.includes('|') && !/^\s*([-*+]|\d+\.)\s/.test(line)) heading = line.trim();
    }
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of line.matchAll(/<[a-z]+\b[^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) {
      anchors.add(m[1]!);
    }
  });
  return anchors;
}

/** A link's path as a path from the repository root: empty is the document itself. */
function resolve(document: string, target: string): string {
  if (target === '') return document;
  if (target.startsWith('/')) return target.slice(1);
  return path.posix.join(path.posix.dirname(document), target);
}

/** Each broken link of one document, as `file:line: target (why)`. */
function brokenLinks(document: string): string[] {
  const markdown = fs.readFileSync(path.join(root, document), 'utf8');
  const problems: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const pathPart = hash === -1 ? target : target.slice(0, hash);
    const fragment = hash === -1 ? '' : target.slice(hash + 1);
    let file: string;
    try {
      file = resolve(document, decodeURIComponent(pathPart.split('?')[0]!));
    } catch {
      problems.push(`${document}:${line}: ${target} (not a valid URL)`);
      continue;
    }
    const absolute = path.join(root, file);
    if (!absolute.startsWith(root) || !fs.existsSync(absolute)) {
      problems.push(`${document}:${line}: ${target} (no file ${file})`);
      continue;
    }
    if (fragment && file.endsWith('.md') && fs.statSync(absolute).isFile()) {
      const anchors = anchorsOf(fs.readFileSync(absolute, 'utf8'));
      const wanted = decodeURIComponent(fragment).toLowerCase();
      if (![...anchors].some((anchor) => anchor.toLowerCase() === wanted)) {
        problems.push(`${document}:${line}: ${target} (no heading #${fragment} in ${file})`);
      }
    }
  }
  return problems;
}

describe('links in README.md and docs/', () => {
  it('finds links, images and headings as GitHub renders them', () => {
    const sample = [
      '# A simulated panel: `cohort demo`',
      '## Backups (embedded database)',
      '## Backups (embedded database)',
      '## `scale-out`: two processes on PostgreSQL',
      'See [one](a.md#x "title"), ![two](img/b.png) and <a href="c.md">three</a>.',
      'Not `[code](d.md)`, nor:',
      '```md',
      '[fenced](e.md)',
      '```',
      '[ref]: f.md',
    ].join('\n');
    expect(linksOf(sample).map((link) => link.target)).toEqual([
      'a.md#x',
      'img/b.png',
      'c.md',
      'f.md',
    ]);
    expect([...anchorsOf(sample)]).toEqual([
      'a-simulated-panel-cohort-demo',
      'backups-embedded-database',
      'backups-embedded-database-1',
      'scale-out-two-processes-on-postgresql',
    ]);
    expect(slug("Operators' CLI")).toBe('operators-cli');
    expect(slug('Participants, applications and review')).toBe(
      'participants-applications-and-review',
    );
  });

  it('README.md links to a guide in docs/ for each part of Cohort', () => {
    const targets = linksOf(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).map(
      (link) => link.target.split('#')[0],
    );
    for (const guide of [
      'docs/api/README.md',
      'docs/participant-app.md',
      'docs/dashboard.md',
      'docs/operations.md',
      'docs/benchmarks.md',
      'docs/architecture.md',
    ]) {
      expect(targets).toContain(guide);
    }
  });

  it('every relative link and image resolves, and every #fragment names a heading', () => {
    const broken = documents().flatMap(brokenLinks);
    expect(broken).toEqual([]);
  });
});
