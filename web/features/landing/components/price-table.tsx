import { Table } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import { LABEL_TYPES, labelPriceCents } from '@domain/pricing';

const landingTypes = LABEL_TYPES.filter((t) => t.onLanding);

/** The landing price table of SPEC section 9, from the label type catalogue. */
export function PriceTable() {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" mt="6">
      <Table.Root size={{ base: 'sm', md: 'md' }} striped>
        <Table.Caption captionSide="top" srOnly>
          USPS label prices per label
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Service</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">1-30 lbs</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">31-70 lbs</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {landingTypes.map((t) => (
            <Table.Row key={t.uid}>
              <Table.Cell fontWeight="medium">{t.name}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsd(labelPriceCents(t.uid, 1))}</Table.Cell>
              <Table.Cell textAlign="end">{formatUsd(labelPriceCents(t.uid, 31))}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
