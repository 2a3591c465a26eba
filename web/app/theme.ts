import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  codeRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldsetSlotRecipe,
  inputAddonRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  textareaRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { appSemanticTokens, landingRecipes, landingSlotRecipes, themeConfig } from './theme-config';

/**
 * Chakra's default theme with only the recipes of the components the SPA uses. `defaultConfig`
 * carries all 76 of Chakra's recipes (about a fifth of the entry chunk) and the system is built
 * before the first page renders, so every page would pay for them, the landing page included.
 * Tokens, global styles and text/layer/animation styles are the default ones, but for the contrast
 * changes in web/app/theme-config.ts, which also holds the public pages' recipes: the landing page
 * hydrates with a smaller system built from the same pieces (web/app/landing-theme.ts).
 *
 * A component whose recipe is missing renders unstyled without any warning, so
 * test/unit/web/theme.test.ts checks that every Chakra component imported under web/ has its recipe
 * here: add the recipe when a page starts using a new component. App-wide tokens or recipes go here
 * too, so there is one place to look.
 */
export const system = createSystem(
  defaultBaseConfig,
  themeConfig({
    tokens,
    semanticTokens: appSemanticTokens,
    recipes: {
      ...landingRecipes,
      badge: badgeRecipe,
      code: codeRecipe,
      inputAddon: inputAddonRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      ...landingSlotRecipes,
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
    },
  }),
);
