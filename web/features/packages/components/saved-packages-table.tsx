import { ShippersOnly } from '@/features/profile';
import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import type { SavedPackage } from '@domain/api/packages';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useDeletePackage, useSetDefaultPackage } from '../api/change-packages';
import { packageFigures } from '../lib/package-figures';

/** Make default, or Remove default for the one that is. */
function DefaultButton({ pkg }: { pkg: SavedPackage }) {
  const { trigger, isMutating } = useSetDefaultPackage();
  async function toggle() {
    try {
      await trigger({ id: pkg.id, isDefault: !pkg.isDefault });
      notifySuccess(pkg.isDefault ? 'No default package' : `${pkg.name} is the default package`);
    } catch (error) {
      notifyApiError('Failed to change the default package.', error);
    }
  }
  return (
    <Button
      size="xs"
      variant="outline"
      loading={isMutating}
      aria-label={`${pkg.isDefault ? 'Remove default' : 'Make default'}: ${pkg.name}`}
      onClick={() => void toggle()}
    >
      {pkg.isDefault ? 'Remove default' : 'Make default'}
    </Button>
  );
}

/** Delete for one saved package, after a confirmation. */
function DeletePackageButton({ pkg }: { pkg: SavedPackage }) {
  const { trigger: deletePackage, isMutating } = useDeletePackage();
  return (
    <ConfirmDeleteButton
      name={pkg.name}
      title="Delete this package?"
      busy={isMutating}
      onDelete={() => deletePackage(pkg.id)}
      deleted="Package deleted"
      failed="Failed to delete package."
    >
      “{pkg.name}” will be removed from your saved packages. Labels and batch rows already filled from it keep their figures.
    </ConfirmDeleteButton>
  );
}

const columns: DataTableColumn<SavedPackage>[] = [
  {
    header: 'Name',
    cell: (p) => (
      <HStack gap="2">
        <Text>{p.name}</Text>
        {p.isDefault && <Badge colorPalette="blue">Default</Badge>}
      </HStack>
    ),
  },
  { header: 'Weight and size', cell: packageFigures },
  {
    header: 'Actions',
    cell: (p) => (
      <ShippersOnly>
        <HStack gap="2" wrap="wrap">
          <DefaultButton pkg={p} />
          <DeletePackageButton pkg={p} />
        </HStack>
      </ShippersOnly>
    ),
  },
];

interface SavedPackagesTableProps {
  packages: SavedPackage[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
}

/** The saved packages, newest first, each with Make default (or Remove default) and Delete. */
export function SavedPackagesTable({ packages, isLoading, error, onRetry }: SavedPackagesTableProps) {
  return (
    <DataTable
      caption="Saved Packages"
      columns={columns}
      rows={packages}
      rowKey={(p) => p.id}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      emptyMessage="No saved packages yet. Add one above to fill a label's weight and size in one pick."
    />
  );
}
