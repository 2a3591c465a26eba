import { Button, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LuX } from 'react-icons/lu';
import { EXPORT_RANGE_MESSAGE } from '@domain/constants';
import { DateInput } from './date-input';

/** How long typing pauses before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface FilterBarProps {
  /** The landmark's accessible name ("Filter shipments"). */
  label: string;
  children: ReactNode;
  /** Clears every filter; the button is disabled while none is set. */
  onClear: () => void;
  active: boolean;
}

/**
 * A list's filters above its table: a search landmark whose fields sit in a row
 * on wide screens and stack at phone widths; Clear removes them all. The fields apply as they
 * change (the page keeps them in the URL), so there is no submit button.
 */
export function FilterBar({ label, children, onClear, active }: FilterBarProps) {
  return (
    <Stack role="search" aria-label={label} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'end' }} gap="3" wrap="wrap" mb="4">
      {children}
      <Button size="sm" variant="outline" onClick={onClear} disabled={!active} alignSelf={{ base: 'start', md: 'end' }}>
        <LuX aria-hidden />
        Clear filters
      </Button>
    </Stack>
  );
}

/**
 * A search box that reports its text after typing pauses (SEARCH_DEBOUNCE_MS), and follows `value`
 * when it changes from outside (the back button, Clear).
 */
export function SearchFilter({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      onSearch(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    // Takes the row's spare width (10-20rem), so the bar stays one row beside the dashboard's sidebar at 1280 px.
    <Field.Root w={{ base: 'full', md: 'auto' }} flex={{ md: '1 1 10rem' }} maxW={{ md: '20rem' }}>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type="search" value={text} placeholder={placeholder} maxLength={100} onChange={(e) => setText(e.target.value)} />
    </Field.Root>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A select of one filter, "All" (empty) first; `groups` puts the options under headings. */
export function SelectFilter({
  label,
  value,
  onChange,
  groups,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  groups: { label?: string; options: FilterOption[] }[];
}) {
  const option = (o: FilterOption) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <Field.Root w={{ base: 'full', md: '11rem' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">All</option>
          {groups.map((g) =>
            g.label ? (
              <optgroup key={g.label} label={g.label}>
                {g.options.map(option)}
              </optgroup>
            ) : (
              g.options.map(option)
            ),
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Whether a From/To pair is in order (both YYYY-MM-DD; either may be empty). */
export const rangeInOrder = (from: string, to: string) => !from || !to || from <= to;

/**
 * From and To days (US Eastern on the server, both included). A To before From is shown as an
 * error with the server's words; the page then leaves the range out of its query.
 */
export function DateRangeFilter({ from, to, onChange }: { from: string; to: string; onChange: (name: 'from' | 'to', value: string) => void }) {
  const error = rangeInOrder(from, to) ? undefined : EXPORT_RANGE_MESSAGE;
  return (
    <>
      <Field.Root w={{ base: 'full', md: 'auto' }}>
        <Field.Label>From</Field.Label>
        <DateInput size="sm" w={{ base: 'full', md: '10rem' }} value={from} max={to || undefined} onChange={(e) => onChange('from', e.target.value)} />
      </Field.Root>
      <Field.Root w={{ base: 'full', md: 'auto' }} invalid={Boolean(error)}>
        <Field.Label>To</Field.Label>
        <DateInput size="sm" w={{ base: 'full', md: '10rem' }} value={to} min={from || undefined} onChange={(e) => onChange('to', e.target.value)} />
        <Field.ErrorText maxW="10rem">{error}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
