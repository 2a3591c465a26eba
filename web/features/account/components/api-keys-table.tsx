import { Badge, Code, HStack, Text } from '@chakra-ui/react';
import type { ApiKeyRecord } from '@domain/api/api-keys';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { DateTime } from '@/components/date-time';
import { useRevokeApiKey } from '../api/api-keys';

/** Revoke for one live key, after a confirmation. */
function RevokeButton({ apiKey }: { apiKey: ApiKeyRecord }) {
  const { trigger: revoke, isMutating } = useRevokeApiKey();
  return (
    <ConfirmDeleteButton
      name={apiKey.name}
      title="Revoke this API key?"
      busy={isMutating}
      onDelete={() => revoke(apiKey.id)}
      deleted="API key revoked"
      failed="Failed to revoke the API key."
      verb="Revoke"
    >
      “{apiKey.name}” stops working at once: every request with it answers 401. Labels it bought stay.
    </ConfirmDeleteButton>
  );
}

const columns: DataTableColumn<ApiKeyRecord>[] = [
  {
    header: 'Name',
    cell: (k) => (
      <HStack gap="2">
        <Text>{k.name}</Text>
        {k.revokedAt && <Badge colorPalette="red">Revoked</Badge>}
      </HStack>
    ),
  },
  { header: 'Key', cell: (k) => <Code>{k.prefix}…</Code> },
  { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
  { header: 'Created', cell: (k) => <DateTime iso={k.createdAt} /> },
  { header: 'Last used', cell: (k) => (k.lastUsedAt ? <DateTime iso={k.lastUsedAt} /> : 'Never') },
  { header: 'Actions', cell: (k) => (k.revokedAt ? <DateTime iso={k.revokedAt} /> : <RevokeButton apiKey={k} />) },
];

interface ApiKeysTableProps {
  apiKeys: ApiKeyRecord[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
}

/** The account's keys, newest first: live ones with Revoke, revoked ones with when. */
export function ApiKeysTable({ apiKeys, isLoading, error, onRetry }: ApiKeysTableProps) {
  return (
    <DataTable
      caption="API Keys"
      columns={columns}
      rows={apiKeys}
      rowKey={(k) => k.id}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      emptyMessage="No API keys yet. Create one above to let your shop's software buy labels."
    />
  );
}
