import { Input, type InputProps } from '@chakra-ui/react';

/** The focus ring of a date input, kept on every one of its Tab stops (see DateInput). */
const focusWithinRing = {
  outlineWidth: '1px',
  outlineStyle: 'solid',
  outlineOffset: '0px',
  outlineColor: 'var(--focus-color)',
  borderColor: 'var(--focus-color)',
} as const;

/**
 * A native date input (`YYYY-MM-DD` value) whose focus ring follows :focus-within: Chromium's date
 * input is four Tab stops (month, day, year and the calendar button), and on the button it matches
 * neither :focus nor :focus-visible, so Chakra's own ring would vanish there (the keyboard walk in
 * test/e2e/a11y.spec.ts checks every stop). Props and ref go to Chakra's Input.
 */
export function DateInput(props: Omit<InputProps, 'type'>) {
  return <Input type="date" _focusWithin={focusWithinRing} {...props} />;
}
