/**
 * web/app/theme.ts keeps only the recipes of the Chakra components the SPA uses (the landing page's
 * JavaScript budget). A component without its recipe renders unstyled and nothing warns, so this
 * reads every `@chakra-ui/react` import under web/ and checks the system has each one's recipe,
 * and holds no recipe that nothing uses.
 */
import { defaultConfig } from '@chakra-ui/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from '@/app/theme';

const WEB = resolve(import.meta.dirname, '../../../web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every value (not type) imported from '@chakra-ui/react' anywhere under web/. */
function chakraImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(WEB)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (m[1] as string).split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Components styled by another component's recipe (Chakra's source: button/, input-group/, icon/). */
const recipeOf: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  InputGroup: ['inputAddon'],
  createIcon: ['icon'],
};

const allRecipeKeys = [...Object.keys(defaultConfig.theme?.recipes ?? {}), ...Object.keys(defaultConfig.theme?.slotRecipes ?? {})];
const hasRecipe = (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

/** Recipes our own components read by key: `useSlotRecipe({ key: 'avatar' })` (web/components/user-avatar.tsx). */
function recipesReadByKey(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(WEB)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/use(?:Slot)?Recipe\(\{\s*key:\s*'(\w+)'/g)) keys.add(m[1] as string);
  }
  return keys;
}

/** The recipe keys the imported components need: `NativeSelect` needs `nativeSelect`, and so on. */
function neededRecipes(): Set<string> {
  const needed = recipesReadByKey();
  for (const name of chakraImports()) {
    const camel = name.charAt(0).toLowerCase() + name.slice(1);
    for (const key of recipeOf[name] ?? [camel]) if (allRecipeKeys.includes(key)) needed.add(key);
  }
  return needed;
}

describe('the Chakra system', () => {
  it('finds the imports it checks', () => {
    expect(chakraImports()).toContain('Button');
    expect(neededRecipes()).toContain('nativeSelect');
    expect(recipesReadByKey()).toContain('avatar');
  });

  it('has the recipe of every Chakra component the SPA imports', () => {
    expect([...neededRecipes()].filter((key) => !hasRecipe(key))).toEqual([]);
  });

  it('has no recipe that no component of the SPA uses', () => {
    const needed = neededRecipes();
    expect(allRecipeKeys.filter((key) => hasRecipe(key) && !needed.has(key))).toEqual([]);
  });

  it("keeps Chakra's default tokens", () => {
    expect(system.token('colors.blue.600')).toBe('#2563eb');
    expect(system.token('spacing.4')).toBe('1rem');
  });
});
