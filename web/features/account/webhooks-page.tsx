/**
 * Account > Webhooks: the shop's endpoints (add with the events it hears, shown its signing secret
 * once; delete), and each endpoint's delivery log with Resend. The signature scheme and its check
 * are on /docs/api.
 */
import { Alert, Badge, Button, Card, Checkbox, Code, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { FormCard } from '@/components/form-card';
import { OwnersOnly } from '@/features/profile';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type { ApiWebhook, ApiWebhookDelivery } from '@domain/api/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_DESCRIPTIONS } from '@domain/webhook-events';
import { webhookSchema, type WebhookBody } from '@domain/schemas/webhooks';
import type * as z from '@domain/schemas/zod';
import { errorMessage } from '@/api-client/client';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { Form, showFieldErrors } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { zodResolver } from '@/lib/zod-form';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useResendDelivery, useWebhooks } from './api/webhooks';

type FormValues = z.input<typeof webhookSchema>;
const empty: FormValues = { url: '', events: [] };

/** The add form; on success the secret is shown above it until the next add. */
function AddEndpointForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const { trigger } = useCreateWebhook();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, WebhookBody>({ resolver: zodResolver(webhookSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const created = await trigger(body);
      onCreated(created.secret, created.url);
      notifySuccess('Webhook endpoint added');
      reset(empty);
    } catch (error) {
      showFieldErrors(error, setError);
      notifyApiError('Failed to add the endpoint.', error);
    }
  });

  return (
    <Form onSubmit={onSubmit}>
      <Stack gap="4">
        <FormField label="Endpoint URL" error={errors.url?.message} required>
          <Input placeholder="https://shop.example/hooks/prepaidship" {...register('url')} />
        </FormField>
        <FormField label="Events" error={errors.events?.message} required>
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <Stack gap="2">
                {WEBHOOK_EVENTS.map((event) => {
                  const chosen = (field.value ?? []) as string[];
                  return (
                    <Checkbox.Root
                      key={event}
                      size="sm"
                      checked={chosen.includes(event)}
                      onCheckedChange={(e) => field.onChange(e.checked === true ? [...chosen, event] : chosen.filter((x) => x !== event))}
                    >
                      <Checkbox.HiddenInput name={`events.${event}`} onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        <Code>{event}</Code> {WEBHOOK_EVENT_DESCRIPTIONS[event]}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Stack>
            )}
          />
        </FormField>
      </Stack>
      <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
        <LuPlus aria-hidden /> Add Endpoint
      </Button>
    </Form>
  );
}

function ResendButton({ endpointId, delivery }: { endpointId: string; delivery: ApiWebhookDelivery }) {
  const { trigger, isMutating } = useResendDelivery(endpointId);
  return (
    <Button
      size="xs"
      variant="outline"
      loading={isMutating}
      aria-label={`Resend ${delivery.type} of ${new Date(delivery.createdAt).toLocaleString()}`}
      onClick={() =>
        void trigger(delivery.id).then(
          () => notifySuccess('Delivery sent again'),
          (error: unknown) => notifyApiError('Failed to resend.', error),
        )
      }
    >
      Resend
    </Button>
  );
}

const STATUS_COLOR = { delivered: 'green', pending: 'orange', failed: 'red' } as const;

/** One endpoint's log: event, status, time, attempts, last answer, Resend. */
function DeliveryLog({ endpoint }: { endpoint: ApiWebhook }) {
  const { data, error, isLoading, mutate } = useDeliveries(endpoint.id);
  const columns: DataTableColumn<ApiWebhookDelivery>[] = [
    { header: 'Event', cell: (d) => <Code>{d.type}</Code> },
    { header: 'Status', cell: (d) => <Badge colorPalette={STATUS_COLOR[d.status]}>{d.status}</Badge> },
    { header: 'Time', cell: (d) => new Date(d.lastAttemptAt ?? d.createdAt).toLocaleString() },
    { header: 'Attempts', cell: (d) => String(d.attempts) },
    { header: 'Answer', cell: (d) => (d.responseCode !== undefined ? `HTTP ${d.responseCode}` : d.attempts ? 'no answer' : '—') },
    { header: 'Actions', cell: (d) => (endpoint.disabledAt ? null : <ResendButton endpointId={endpoint.id} delivery={d} />) },
  ];
  return (
    <DataTable
      caption={`Deliveries to ${endpoint.url}`}
      columns={columns}
      rows={data?.deliveries ?? []}
      rowKey={(d) => d.id}
      isLoading={isLoading}
      error={error ? errorMessage(error, 'The deliveries could not be loaded.') : undefined}
      onRetry={() => void mutate()}
      emptyMessage="Nothing sent to this endpoint yet."
    />
  );
}

function EndpointCard({ endpoint }: { endpoint: ApiWebhook }) {
  const { trigger: remove, isMutating } = useDeleteWebhook();
  const [showLog, setShowLog] = useState(false);
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Stack gap="1">
            <Text fontWeight="semibold" wordBreak="break-all">
              {endpoint.url}
            </Text>
            <HStack gap="1" wrap="wrap">
              {endpoint.events.map((e) => (
                <Badge key={e}>{e}</Badge>
              ))}
              {endpoint.disabledAt && <Badge colorPalette="red">Disabled {new Date(endpoint.disabledAt).toLocaleDateString()}</Badge>}
              {!endpoint.disabledAt && endpoint.failingSince && (
                <Badge colorPalette="orange">Failing since {new Date(endpoint.failingSince).toLocaleString()}</Badge>
              )}
            </HStack>
          </Stack>
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
              {showLog ? 'Hide deliveries' : 'Deliveries'}
            </Button>
            <ConfirmDeleteButton
              name={endpoint.url}
              title="Delete this endpoint?"
              busy={isMutating}
              onDelete={() => remove(endpoint.id)}
              deleted="Webhook endpoint deleted"
              failed="Failed to delete the endpoint."
            >
              Nothing more will be sent to {endpoint.url}, including deliveries still being retried.
            </ConfirmDeleteButton>
          </HStack>
        </HStack>
      </Card.Header>
      {showLog && (
        <Card.Body>
          <DeliveryLog endpoint={endpoint} />
        </Card.Body>
      )}
    </Card.Root>
  );
}

/** The owner's page; a team's shipper or viewer is told whose it is (the server answers 403 to them). */
export function WebhooksPage() {
  return (
    <OwnersOnly
      otherwise={
        <>
          <PageTitle>Webhooks</PageTitle>
          <Text maxW="3xl">Webhook endpoints are managed by the team's owner.</Text>
        </>
      }
    >
      <WebhooksContent />
    </OwnersOnly>
  );
}

function WebhooksContent() {
  const { endpoints, error, isLoading } = useWebhooks();
  const [secret, setSecret] = useState<{ secret: string; url: string }>();

  useEffect(() => {
    if (error) notifyApiError('Failed to fetch webhook endpoints.', error, undefined, 'webhooks-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      <Text mb="6" maxW="3xl">
        Your own software hears about your labels as they happen: each event is POSTed as JSON to your endpoint, signed with the endpoint&apos;s secret (see the
        API docs for how to check the signature), and retried for 3 days until your endpoint answers 2xx.
      </Text>
      {secret && (
        <Alert.Root status="success" mb="6" maxW="3xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Signing secret for {secret.url}</Alert.Title>
            <Alert.Description>
              <Stack gap="2">
                <Text>Copy it now: it is shown only this once.</Text>
                <Code data-testid="webhook-secret" wordBreak="break-all">
                  {secret.secret}
                </Code>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <FormCard title="Add an Endpoint">
        <AddEndpointForm onCreated={(s, url) => setSecret({ secret: s, url })} />
      </FormCard>
      <Heading as="h2" size="lg" mb="4">
        Endpoints
      </Heading>
      <Stack gap="4" maxW="5xl">
        {!isLoading && !endpoints.length && <Text color="fg.muted">No webhook endpoints yet.</Text>}
        {endpoints.map((e) => (
          <EndpointCard key={e.id} endpoint={e} />
        ))}
      </Stack>
    </>
  );
}
