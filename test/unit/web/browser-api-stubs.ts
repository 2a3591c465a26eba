import { vi } from 'vitest';

/**
 * Browser APIs jsdom lacks but the UI asks for: `matchMedia` (react-hot-toast, the sidebar's
 * mobile check) and `ResizeObserver` (Chakra's menu positioning). Media queries listed in
 * `matchingQueries` match, every other one does not. Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowserApis(matchingQueries: string[] = []): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matchingQueries.includes(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
