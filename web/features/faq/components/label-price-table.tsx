import { Table } from '@chakra-ui/react';
import { WEIGHT_BAND_LB, WEIGHT_MAX_LB } from '@domain/constants';
import { formatUsd } from '@domain/money';
import { LABEL_TYPES } from '@domain/pricing';

/** Every label type's price by weight band, from the catalogue the server charges from. */
export function LabelPriceTable() {
  return (
    <Table.Root size="sm" variant="outline" maxW="lg" my="3">
      <Table.Caption srOnly>Label prices</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Service</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Up to {WEIGHT_BAND_LB} lbs</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">
            Over {WEIGHT_BAND_LB} lbs, up to {WEIGHT_MAX_LB}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {LABEL_TYPES.map((type) => (
          <Table.Row key={type.uid}>
            <Table.Cell>{type.name}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(type.lightCents)}</Table.Cell>
            <Table.Cell textAlign="end">{formatUsd(type.heavyCents)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
