import { screen, within } from '@testing-library/react';

/** The column headers of the table named `caption`. */
export function headerTexts(caption: string): string[] {
  return within(screen.getByRole('table', { name: caption }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
}

/** The text of each body row's cells of the table named `caption`. */
export function rowTexts(caption: string): string[][] {
  const [, ...rows] = within(screen.getByRole('table', { name: caption })).getAllByRole('row');
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}

/** The Chakra colour palette an element renders with (`green` for `colorPalette="green"`). */
export function colorPaletteOf(element: HTMLElement): string | undefined {
  return /--chakra-colors-(\w+)-fg/.exec(getComputedStyle(element).getPropertyValue('--chakra-colors-color-palette-fg'))?.[1];
}
