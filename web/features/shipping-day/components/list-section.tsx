import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/api-client/client';
import { LoadMoreButton, type TablePager } from '@/components/data-table';

interface ListSectionProps<T extends { id: string }> {
  /** The section's heading, also the label the list is found by. */
  title: string;
  /** The heading's element id. */
  headingId: string;
  items: readonly T[];
  error: unknown;
  isLoading: boolean;
  /** Shown in place of the error the API gave when it gave none fit for people. */
  errorText: string;
  /** Shown when the list has loaded empty. */
  emptyText: string;
  pager: TablePager;
  /** An item's details, on the left of its card. */
  details(item: T): ReactNode;
  /** An item's button, on the right of its card. */
  action(item: T): ReactNode;
}

/** A Shipping Day list: a heading, its load error or empty line, one card per item, and Load more. */
export function ListSection<T extends { id: string }>(props: ListSectionProps<T>) {
  const { title, headingId, items, error, isLoading, pager } = props;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" mb="3" id={headingId}>
        {title}
      </Heading>
      {error ? <Text color="fg.error">{errorMessage(error, props.errorText)}</Text> : null}
      {!isLoading && !error && items.length === 0 && <Text color="fg.muted">{props.emptyText}</Text>}
      <Stack as="ul" gap="2" listStyleType="none">
        {items.map((item) => (
          <Box as="li" key={item.id} borderWidth="1px" borderRadius="md" p="3">
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Box minW="0">{props.details(item)}</Box>
              {props.action(item)}
            </HStack>
          </Box>
        ))}
      </Stack>
      <LoadMoreButton pager={pager} />
    </Box>
  );
}
