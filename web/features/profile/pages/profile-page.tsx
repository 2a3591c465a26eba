import { Badge, Button, Card, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { lazy, Suspense, useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from '@domain/schemas/zod';
import { updateProfileFormSchema } from '@domain/schemas/auth';
import { labelChoiceOf } from '@domain/label-formats';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { PasswordChecklist } from '@/components/password-checklist';
import { useSession } from '@/lib/session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { useEndOtherSessions, useSessions } from '../api/sessions';
import { ApiError } from '@/api-client/client';
import { DateTime } from '@/components/date-time';
import { ErrorState } from '@/components/load-states';
import { NotificationSettingsForm } from '../components/notification-settings';
import { LabelFormatSetting } from '../components/label-format-setting';

// The Security section brings the QR code and WebAuthn code: loaded only when the page shows it.
const SecuritySettings = lazy(() => import('../components/security-settings').then((m) => ({ default: m.SecuritySettings })));

type ProfileForm = z.input<typeof updateProfileFormSchema>;

function ProfileForm({ name, email }: { name: string; email: string }) {
  const { trigger: save } = useUpdateProfile();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm, unknown, z.output<typeof updateProfileFormSchema>>({
    resolver: zodResolver(updateProfileFormSchema),
    defaultValues: { name, password: '', confirmPassword: '', currentPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      // A blank password keeps the current one: send it only when it changes (SPEC section 7).
      const saved = await save(
        values.password ? { name: values.name, password: values.password, currentPassword: values.currentPassword } : { name: values.name },
      );
      reset({ name: saved.name, password: '', confirmPassword: '', currentPassword: '' });
      notifySuccess('Profile updated', values.password ? 'Your other sessions were signed out.' : undefined);
    } catch (error) {
      // A wrong current password is the server's field error: show it on the field.
      if (error instanceof ApiError && error.fields.currentPassword) {
        setError('currentPassword', { message: error.fields.currentPassword });
        return;
      }
      // The update call logs and rethrows (SPEC section 7); the page tells the person.
      notifyApiError('Failed to update profile. Please try again.', error);
    }
  });

  return (
    <Form onSubmit={onSubmit}>
      <FormField label="Name" error={errors.name?.message} required>
        <Input autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="Email" helper="Your email cannot be changed." readOnly>
        <Input value={email} readOnly variant="subtle" />
      </FormField>
      <FormField
        label="New password"
        error={errors.password?.message}
        helper={password ? <PasswordChecklist password={password} /> : 'Leave blank to keep your current password.'}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      {password && (
        <FormField label="Current password" error={errors.currentPassword?.message} helper="Needed to change your password." required>
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
      )}
      <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
        Save Changes
      </Button>
    </Form>
  );
}

/** The account's signed-in sessions, with "Sign out everywhere" for all but this one. */
function SessionsCard() {
  const { data, error, isLoading, mutate } = useSessions();
  const { trigger: endOthers, isMutating } = useEndOtherSessions();
  const others = data?.sessions.filter((s) => !s.current).length ?? 0;

  const signOutEverywhere = async () => {
    try {
      const { message } = await endOthers();
      notifySuccess(message);
    } catch (err) {
      notifyApiError('Could not sign out the other sessions. Please try again.', err);
    }
  };

  return (
    <Card.Root maxW="lg" mt="6">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md">
            Where you are signed in
          </Heading>
          {isLoading && !data ? (
            <Skeleton h="24" />
          ) : error && !data ? (
            <ErrorState message="Could not load your sessions." onRetry={() => void mutate()} />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Active sessions">
              {data?.sessions.map((s) => (
                <Stack as="li" key={s.id} gap="0" borderWidth="1px" borderRadius="md" p="3">
                  <HStack justify="space-between">
                    <Text fontWeight="medium">{s.device}</Text>
                    {s.current && <Badge colorPalette="green">This device</Badge>}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {s.address} · signed in <DateTime iso={s.createdAt} /> · last active <DateTime iso={s.lastUsedAt} />
                  </Text>
                </Stack>
              ))}
            </Stack>
          )}
          <Button variant="outline" colorPalette="red" alignSelf="start" onClick={() => void signOutEverywhere()} loading={isMutating} disabled={!others}>
            Sign out everywhere else
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function ProfilePage() {
  const { user } = useSession();
  const { data, error, isLoading } = useProfile();

  useEffect(() => {
    if (error) notifyApiError('Failed to Fetch Profile', error, 'Please try again later.', 'profile-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Card.Root maxW="lg">
        <Card.Body>
          {/* Until the profile answers, the session's copy of the name stands in (also if it fails). */}
          {isLoading && !data ? (
            <Skeleton h="72" />
          ) : (
            <ProfileForm key={data?.id ?? 'session'} name={data?.name ?? user?.name ?? ''} email={data?.email ?? user?.email ?? ''} />
          )}
        </Card.Body>
      </Card.Root>
      {data && (
        <Card.Root maxW="lg" mt="6">
          <Card.Body>
            <NotificationSettingsForm key={data.id} saved={data.notifications} />
          </Card.Body>
        </Card.Root>
      )}
      {data && (
        <Card.Root maxW="lg" mt="6">
          <Card.Body>
            <LabelFormatSetting key={data.id} saved={labelChoiceOf(data.labelFormat)} />
          </Card.Body>
        </Card.Root>
      )}
      <SessionsCard />
      {data && (
        <Card.Root maxW="lg" mt="6">
          <Card.Body>
            <Suspense fallback={<Skeleton h="40" />}>
              <SecuritySettings />
            </Suspense>
          </Card.Body>
        </Card.Root>
      )}
    </>
  );
}
