import { Button, Checkbox, Fieldset, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { Controller, useForm } from 'react-hook-form';
import { LuKeyRound } from 'react-icons/lu';
import type * as z from '@domain/schemas/zod';
import { API_KEY_SCOPES, type ApiKeyScope } from '@domain/api-keys';
import { apiKeySchema, type ApiKeyBody } from '@domain/schemas/api-keys';
import type { CreatedApiKey } from '@domain/api/api-keys';

import { Form, showFieldErrors } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError } from '@/components/notify';
import { useCreateApiKey } from '../api/api-keys';

type ApiKeyFormValues = z.input<typeof apiKeySchema>;

const emptyKey: ApiKeyFormValues = { name: '', scopes: [] };

/** What each scope lets a key do, as the checkboxes say it. */
export const SCOPE_TEXT: Record<ApiKeyScope, string> = {
  read: 'Read: orders, labels, batches, wallet history, receipts and exports',
  labels: 'Labels: quotes, purchases, refunds, batches, pickups, tracking',
  wallet: 'Wallet: top-up checkouts and withdrawal requests',
};

/**
 * The new key's name and scopes, checked by the server's own schema; the created key goes to
 * `onCreated` (the page shows it once). 409 past the live keys an account may hold.
 */
export function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { trigger: createApiKey } = useCreateApiKey();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApiKeyFormValues, unknown, ApiKeyBody>({ resolver: zodResolver(apiKeySchema), defaultValues: emptyKey });

  const onSubmit = handleSubmit(async (body) => {
    try {
      onCreated(await createApiKey(body));
      reset(emptyKey);
    } catch (error) {
      showFieldErrors(error, setError);
      notifyApiError('Failed to create the API key.', error);
    }
  });

  return (
    <Form onSubmit={onSubmit}>
      <Stack gap="4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input placeholder="Shop sync, Warehouse script, …" {...register('name')} />
        </FormField>
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => (
            <Fieldset.Root invalid={errors.scopes !== undefined}>
              <Fieldset.Legend>Scopes</Fieldset.Legend>
              <Stack gap="2">
                {API_KEY_SCOPES.map((scope) => (
                  <Checkbox.Root
                    key={scope}
                    size="sm"
                    checked={field.value.includes(scope)}
                    onCheckedChange={(e) => field.onChange(e.checked === true ? [...field.value, scope] : field.value.filter((s) => s !== scope))}
                  >
                    <Checkbox.HiddenInput name={`scope-${scope}`} onBlur={field.onBlur} />
                    <Checkbox.Control />
                    <Checkbox.Label>{SCOPE_TEXT[scope]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
              {errors.scopes?.message && <Fieldset.ErrorText>{errors.scopes.message}</Fieldset.ErrorText>}
            </Fieldset.Root>
          )}
        />
        <HStack>
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            <LuKeyRound /> Create key
          </Button>
          <Text fontSize="sm" color="fg.muted">
            The key is shown once; only its hash is kept.
          </Text>
        </HStack>
      </Stack>
    </Form>
  );
}
