import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components the SPA uses. `defaultConfig`
 * carries all 76 of Chakra's recipes (about a fifth of the entry chunk) and the system is built
 * before the first page renders, so every page would pay for them, the landing page included.
 * Tokens, global styles and text/layer/animation styles are the default ones, but for the contrast changes below.
 *
 * A component whose recipe is missing renders unstyled without any warning, so
 * test/unit/web/theme.test.ts checks that every Chakra component imported under web/ has its recipe
 * here: add the recipe when a page starts using a new component. App-wide tokens or recipes go here
 * too, so there is one place to look.
 */
/*
 * Colour changes for WCAG AA's 4.5:1 text contrast (docs/decisions.md, "Accessibility"):
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

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        fg: { ...semanticTokens.colors?.fg, error: errorText },
        green: { ...semanticTokens.colors?.green, solid: greenSolid },
      },
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: { ...buttonRecipe, variants: { ...buttonRecipe.variants, variant: { ...buttonRecipe.variants?.variant, solid: solidButton } } },
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig);
