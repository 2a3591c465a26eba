/**
 * The pieces of the app's Chakra theme: the SPA's system (web/app/theme.ts) is built from them, and
 * so is the landing page's smaller one (web/app/landing-theme.ts), so the two cannot drift apart.
 */
import { defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  skipNavLinkRecipe,
  tableSlotRecipe,
  textStyles,
} from '@chakra-ui/react/theme';

type ThemeConfig = Parameters<typeof defineConfig>[0];
type Theme = NonNullable<ThemeConfig['theme']>;

/*
 * Colour changes for WCAG AA's 4.5:1 text contrast (docs/decisions/0153-wcag-aa-checked-by-axe.md):
 * - `fg.error` (every field's error text, failed-load messages) is red.700, not red.500: red.500 on
 *   white is 3.76:1; red.700 (#991919) is 8.37:1 on white and 7.62:1 on gray.100, the darkest
 *   surface it sits on, and is the shade Chakra's own `red.fg` uses. Dark mode's red.400 passes.
 * - `green.solid` (Approve) is green.700, not green.600: white on green.600 is 3.30:1, on green.700 6.79:1.
 * - A solid button under the pointer (or with its menu open) darkens instead of fading: Chakra's
 *   90% fill lets the white page through, and white on the faded blue.600 is 4.31:1; 85% of the
 *   fill mixed with black is 6.64:1 (blue), 6.29:1 (red), 8.46:1 (green).
 */
const errorText = { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } };
const greenSolid = { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } };
const solidActive = { bg: 'color-mix(in srgb, {colors.colorPalette.solid} 85%, black)' };
const solidButton = { ...buttonRecipe.variants?.variant?.solid, _hover: solidActive, _expanded: solidActive };

export const appSemanticTokens = {
  ...semanticTokens,
  colors: {
    ...semanticTokens.colors,
    fg: { ...semanticTokens.colors?.fg, error: errorText },
    green: { ...semanticTokens.colors?.green, solid: greenSolid },
  },
};

/** The recipes of the components the landing page uses, its frame included; the SPA's system has more. */
export const landingRecipes = {
  button: { ...buttonRecipe, variants: { ...buttonRecipe.variants, variant: { ...buttonRecipe.variants?.variant, solid: solidButton } } },
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  skipNavLink: skipNavLinkRecipe,
};
export const landingSlotRecipes = { field: fieldSlotRecipe, list: listSlotRecipe, table: tableSlotRecipe };

/** Chakra's default theme (global CSS, breakpoints, text and layer styles) with these tokens and recipes. */
export function themeConfig(theme: Pick<Theme, 'tokens' | 'semanticTokens' | 'recipes' | 'slotRecipes'>) {
  return defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, textStyles, layerStyles, animationStyles, ...theme },
  });
}
