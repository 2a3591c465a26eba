import { Alert, Clipboard, Code, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { FormCard } from '@/components/form-card';
import { OwnersOnly } from '@/features/profile';
import { useEffect, useState } from 'react';
import type { CreatedApiKey } from '@domain/api/api-keys';
import { errorMessage } from '@/api-client/client';
import { notifyApiError } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';
import { useApiKeys } from './api/api-keys';
import { ApiKeyForm } from './components/api-key-form';
import { ApiKeysTable } from './components/api-keys-table';

/** The key just made, shown this once with Copy: the server keeps only its hash. */
function NewKey({ created }: { created: CreatedApiKey }) {
  return (
    <Alert.Root status="success" mb="6" data-testid="new-api-key">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title>Copy “{created.apiKey.name}” now: it is not shown again.</Alert.Title>
        <Clipboard.Root value={created.key}>
          <HStack gap="2">
            <Code aria-label="New API key" wordBreak="break-all" p="2">
              {created.key}
            </Code>
            <Clipboard.Trigger asChild>
              <IconButton aria-label="Copy the API key" size="sm" variant="outline">
                <Clipboard.Indicator />
              </IconButton>
            </Clipboard.Trigger>
          </HStack>
        </Clipboard.Root>
      </Stack>
    </Alert.Root>
  );
}

/**
 * API Keys: keys a shop's software sends as `Authorization: Bearer psk_...` to call the API
 * without signing in. The form makes one (shown once), the table lists them with Revoke.
 * The owner's page: a team's shipper or viewer is told whose it is (the server answers 403 to them).
 */
export function ApiKeysPage() {
  return (
    <OwnersOnly
      otherwise={
        <>
          <PageTitle>API Keys</PageTitle>
          <Text maxW="3xl">API keys are managed by the team's owner.</Text>
        </>
      }
    >
      <ApiKeysContent />
    </OwnersOnly>
  );
}

function ApiKeysContent() {
  const { apiKeys, error, isLoading, mutate } = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey>();

  useEffect(() => {
    if (error) notifyApiError('Failed to fetch API keys.', error, undefined, 'api-keys-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>API Keys</PageTitle>
      <Text mb="6" maxW="3xl">
        A key lets your own software buy labels and read your orders with <Code>Authorization: Bearer psk_…</Code>, within the scopes you give it. See the{' '}
        <TextLink to={paths.apiDocs}>API reference</TextLink> for an example.
      </Text>
      {created && <NewKey created={created} />}
      <FormCard title="Create a Key">
        <ApiKeyForm onCreated={setCreated} />
      </FormCard>
      <Heading as="h2" size="lg" mb="4">
        Your Keys
      </Heading>
      <ApiKeysTable
        apiKeys={apiKeys}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The API keys could not be loaded.') : undefined}
        onRetry={() => void mutate()}
      />
    </>
  );
}
