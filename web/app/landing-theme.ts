import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { tokens } from '@chakra-ui/react/theme';
import { appSemanticTokens, landingRecipes, landingSlotRecipes, themeConfig } from './theme-config';

type TokenTree = Record<string, unknown>;

/**
 * The tokens named in `paths`, category by category, taken from `tree` with their values: 'fg.muted',
 * 'blue' for a whole palette, 'bg.DEFAULT' for `bg` alone; a key may itself hold a dot ('2.5').
 */
function pickTokens(tree: TokenTree, paths: Record<string, readonly string[]>): TokenTree {
  const take = (from: TokenTree, to: TokenTree, path: string): void => {
    if (path in from) {
      to[path] = from[path];
      return;
    }
    const dot = path.indexOf('.');
    const next = dot > 0 ? from[path.slice(0, dot)] : undefined;
    if (typeof next !== 'object' || next === null) throw new Error(`Chakra's theme has no token ${path}`);
    take(next as TokenTree, (to[path.slice(0, dot)] ??= {}) as TokenTree, path.slice(dot + 1));
  };
  const picked: TokenTree = {};
  for (const [category, names] of Object.entries(paths)) for (const name of names) take(tree, picked, `${category}.${name}`);
  return picked;
}

/**
 * The tokens the landing page's styles name, in every state it reaches: test/unit/web/landing-theme.test.tsx
 * renders them and names any token missing here, or here and no longer used. `blue` is a whole palette:
 * `colorPalette="blue"` writes a variable for each of its tokens.
 */
const LANDING_TOKENS = {
  colors: ['transparent', 'blackAlpha.300', 'blue', 'green.600', 'orange.600', 'red.600'],
  cursor: ['button'],
  durations: ['moderate'],
  fonts: ['heading'],
  fontSizes: ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl'],
  fontWeights: ['medium', 'semibold', 'bold'],
  radii: ['none', 'full'],
  sizes: ['4', '5', '6', '8', '9', '10', '11', '16', '20', '56', '72', 'xs', '4xl', '5xl', '6xl', '8xl', 'full'],
  spacing: ['1', '1.5', '2', '2.5', '3', '3.5', '4', '5', '6', '8', '10', '12', '14', '20'],
  zIndex: ['docked', 'sticky'],
} as const;
const LANDING_SEMANTIC_TOKENS = {
  colors: [
    'bg.DEFAULT',
    'bg.subtle',
    'bg.muted',
    'bg.panel',
    'fg.DEFAULT',
    'fg.muted',
    'fg.subtle',
    'border.DEFAULT',
    'border.error',
    'blue',
    'green.muted',
    'green.subtle',
  ],
  radii: ['l1', 'l2', 'l3'],
  shadows: ['sm'],
} as const;

/**
 * The landing page's own Chakra system, for its hydration (web/app/landing-document.tsx): the app's
 * theme (web/app/theme-config.ts) with only its own recipes and only the tokens above.
 * Building a system is mostly building its token dictionary, token by token: with the app's hundreds
 * of tokens, a long task on a throttled phone's main thread (docs/performance.md). A class's CSS needs
 * only the names of the tokens it uses (`var(--chakra-colors-fg-muted)`), so with the same names the
 * classes and their CSS are the prerender's, made with the app's system, whose global CSS in the head
 * defines every variable. The values the semantic tokens refer to (`fg.muted` is gray.600) are left
 * out for the same reason: only that global CSS reads them.
 */
export const landingSystem = createSystem(
  defaultBaseConfig,
  themeConfig({
    tokens: pickTokens(tokens, LANDING_TOKENS),
    semanticTokens: pickTokens(appSemanticTokens, LANDING_SEMANTIC_TOKENS),
    recipes: landingRecipes,
    slotRecipes: landingSlotRecipes,
  }),
);
