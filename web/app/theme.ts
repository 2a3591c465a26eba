import { createSystem, defaultConfig } from '@chakra-ui/react';

/**
 * Chakra's default theme, unchanged for now. App-wide tokens or recipes go in a second
 * `defineConfig({...})` argument here, so there is one place to look.
 */
export const system = createSystem(defaultConfig);
