import { Alert, Button, Input, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiBatchRow } from '@domain/api/batches';
import { BATCH_COLUMNS, type BatchColumn, type BatchRowFields } from '@domain/schemas/batches';
import { errorMessage } from '@/api-client/client';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { errorsByColumn } from '../lib/batch-figures';
import { useEditRows } from '../api/edit-row';

type CellValues = Record<BatchColumn, string>;

/** Every column's cell, blank ones as empty strings, in the template's order. */
const cellsOf = (row: ApiBatchRow): CellValues => Object.fromEntries(BATCH_COLUMNS.map((c) => [c, row.fields[c] ?? ''])) as CellValues;

interface FixRowFormProps {
  batchId: string;
  row: ApiBatchRow;
  onFixed: () => void;
}

/**
 * The row's cells as inputs named by their columns, each with its errors under it. The server
 * validates the fixed row with the label form's schema and answers the batch: a row still invalid
 * keeps the dialog open with its new errors (they come in through `row`); a valid one closes it.
 */
export function FixRowForm({ batchId, row, onFixed }: FixRowFormProps) {
  const { fix } = useEditRows(batchId);
  const { register, handleSubmit, formState } = useForm<CellValues>({ defaultValues: cellsOf(row) });
  const [failure, setFailure] = useState<string>();
  const errors = errorsByColumn(row.errors, BATCH_COLUMNS);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const batch = await fix(row.row, values satisfies BatchRowFields);
      if (batch?.rows.find((r) => r.row === row.row)?.valid) onFixed();
    } catch (error) {
      setFailure(errorMessage(error, 'The row could not be saved. Please try again.'));
    }
  });

  return (
    <FormDialogBody
      onSubmit={onSubmit}
      submit={
        <Button type="submit" colorPalette="blue" loading={formState.isSubmitting}>
          Save row
        </Button>
      }
    >
      {(failure || errors.row) && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{[failure, ...(errors.row ?? [])].filter(Boolean).join(' ')}</Alert.Description>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {BATCH_COLUMNS.map((column) => (
          <FormField key={column} label={column} error={errors[column]?.join(' ')}>
            <Input {...register(column)} autoComplete="off" />
          </FormField>
        ))}
      </SimpleGrid>
    </FormDialogBody>
  );
}

/** "Fix" on an invalid row ("Edit" on a valid one): a dialog to correct its cells in place. */
export function FixRowDialog({ batchId, row }: { batchId: string; row: ApiBatchRow }) {
  const [open, setOpen] = useState(false);
  const verb = row.status === 'invalid' ? 'Fix' : 'Edit';
  return (
    <FormDialog
      title={`${verb} row ${row.row}`}
      open={open}
      onOpenChange={setOpen}
      lazyMount
      unmountOnExit
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      contentProps={{ minH: { md: 'auto' }, rounded: { md: 'l3' } }}
      trigger={
        <Button size="xs" variant="outline" aria-label={`${verb} row ${row.row}`}>
          {verb}
        </Button>
      }
    >
      <FixRowForm batchId={batchId} row={row} onFixed={() => setOpen(false)} />
    </FormDialog>
  );
}
