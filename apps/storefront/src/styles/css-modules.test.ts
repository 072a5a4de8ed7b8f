import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Next types a CSS module as an index signature, which `noPropertyAccessFromIndexSignature` rejects and
 * which lets a misspelt class through. Each `x.module.css` therefore has an `x.module.css.d.ts` listing
 * its classes; this test keeps the two in step and prints the declaration to paste when they drift.
 */
const sourceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function cssModules(): string[] {
  return readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.css'))
    .map((file) => join(sourceRoot, file))
    .sort();
}

/** Class names used in selectors: comments, declaration blocks and keyframes are removed first. */
function classNamesOf(css: string): string[] {
  const selectors = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '')
    .replace(/\{[^{}]*\}/g, '{}');
  return [
    ...new Set([...selectors.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '')),
  ].sort();
}

function declarationFor(file: string, names: readonly string[]): string {
  const fields = names.map((name) => `  readonly ${name}: string;\n`).join('');
  const note = `// Class names of ${file.split('/').pop()}; css-modules.test.ts checks that they match.\n`;
  return `${note}declare const styles: {\n${fields}};\nexport default styles;\n`;
}

describe('CSS module declarations', () => {
  it.each(cssModules().map((file) => [relative(sourceRoot, file), file]))(
    '%s has an up-to-date .d.ts',
    (_, file) => {
      const expected = declarationFor(file, classNamesOf(readFileSync(file, 'utf8')));
      expect(readFileSync(`${file}.d.ts`, 'utf8')).toBe(expected);
    },
  );
});
