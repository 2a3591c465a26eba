/**
 * The docs name real files. README.md and every page under docs/ mention repository paths in
 * backticks (`functions/wallet/wallet.ts`, `web/features/labels/`) and link other pages; a rename
 * that forgets a page leaves a newcomer looking for a file that is gone. This reads each page and
 * fails naming every path or relative link that does not exist.
 *
 * Only what clearly is a path is checked: a backticked token that starts with one of the repository's
 * top-level folders (or is a root config file), with no placeholder in it (`<area>`, `{id}`, `*`,
 * `...`); a `:line` or `#anchor` after it is allowed. Relative markdown links are resolved from the
 * page's own folder; web links and in-page anchors are left alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const TOP_FOLDERS = ['functions', 'web', 'domain', 'infra', 'test', 'bench', 'docs', 'scripts', '.ci'];
const ROOT_FILE =
  /^(README\.md|package(-lock)?\.json|tsconfig\.json|cdk\.json|\.env\.example|\.prettier(rc|ignore)|\.gitignore|[\w-]+\.config\.(ts|js|mjs|cjs))$/;
const PATH_UNDER_TOP = new RegExp(`^(${TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})(/[\\w.@()\\[\\]-]*)*$`);
/** A line (`:42`, `:42-50`) or an anchor (`#walk-1`) after a path. */
const SUFFIX = /(:\d+(-\d+)?|#[\w-]*)$/;
const PLACEHOLDER = /[<>{}*\s]|\.\.\.|…/;

/** README.md and every Markdown file under docs/, as paths from the repository's root. */
function pages(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** The page's text without fenced code blocks (shell sessions, examples). */
const prose = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** Backticked tokens that name a repository path, without their line or anchor suffix. */
export function pathTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [, inner] of prose(text).matchAll(/`([^`\n]+)`/g)) {
    const token = (inner ?? '').trim().replace(SUFFIX, '');
    if (!token || PLACEHOLDER.test(token)) continue;
    if (PATH_UNDER_TOP.test(token) && token.includes('/')) tokens.push(token);
    else if (ROOT_FILE.test(token)) tokens.push(token);
  }
  return tokens;
}

/** Relative link targets (`[text](target)`), without their anchor; web links and in-page anchors left out. */
export function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const [, target] of prose(text).matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (!target || /^([a-z][a-z+.-]*:|#)/i.test(target)) continue;
    targets.push(decodeURIComponent(target.replace(/#.*$/, '')));
  }
  return targets;
}

describe('the docs name files that exist', () => {
  it('finds paths and links the way the pages write them', () => {
    const sample = [
      'See `functions/wallet/wallet.ts:60`, `web/features/labels/`, `bench/lambdas.ts#top`, `package.json`.',
      'Not paths: `functions/handlers/<area>/<verb-noun>.ts`, `test/fixtures/easypost/recorded-*.json`, `routes.ts`, `npm run bench`.',
      '[a page](docs/api.md#errors), [the web](https://example.com), [here](#docs), [up](../README.md)',
      '```\nnpx tsx `bench/gone.ts`\n```',
    ].join('\n');
    expect(pathTokens(sample)).toEqual(['functions/wallet/wallet.ts', 'web/features/labels/', 'bench/lambdas.ts', 'package.json']);
    expect(linkTargets(sample)).toEqual(['docs/api.md', '../README.md']);
  });

  it.each(pages())('%s', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const missing = [
      ...pathTokens(text).filter((path) => !existsSync(join(ROOT, path))),
      ...linkTargets(text)
        .map((target) => relative(ROOT, resolve(ROOT, dirname(page), target)))
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `link to ${path}`),
    ];
    expect([...new Set(missing)], `${page} names files that do not exist`).toEqual([]);
  });

  it('every docs/ page a source comment points to exists', () => {
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(ROOT, dir))) {
        const path = `${dir}/${name}`;
        if (statSync(join(ROOT, path)).isDirectory()) walk(path);
        else if (/\.(ts|tsx|js|mjs|md)$/.test(name)) {
          for (const [ref] of readFileSync(join(ROOT, path), 'utf8').matchAll(/\bdocs\/[\w/.-]+\.md\b/g)) {
            if (!existsSync(join(ROOT, ref))) missing.push(`${path}: ${ref}`);
          }
        }
      }
    };
    for (const dir of ['functions', 'web', 'domain', 'infra', 'bench', 'test', '.ci']) walk(dir);
    expect(missing).toEqual([]);
  });
});
