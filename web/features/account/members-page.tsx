import { Button, Card, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { FormCard } from '@/components/form-card';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { ApiMember } from '@domain/api/members';
import type { TeamRole } from '@domain/api/team-roles';
import { inviteMemberSchema, type InviteMemberBody } from '@domain/schemas/members';
import type * as z from '@domain/schemas/zod';
import { errorMessage } from '@/api-client/client';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { Form, showFieldErrors } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { zodResolver } from '@/lib/zod-form';
import { useProfile } from '@/features/profile';
import { useAcceptInvitation, useInviteMember, useMembers, useRemoveMember } from './members-api';

const ROLE_TEXT: Record<TeamRole, string> = {
  owner: 'Owner: everything, money and members included',
  shipper: 'Shipper: buys labels from the team wallet, manages addresses and batches',
  viewer: 'Viewer: reads only',
};

/** The mailed link's card: accepting joins the team (signed in as the invited email). */
function JoinCard({ token, onDone }: { token: string; onDone: () => void }) {
  const accept = useAcceptInvitation();
  const [busy, setBusy] = useState(false);
  async function join() {
    setBusy(true);
    try {
      const joined = await accept({ token });
      notifySuccess(`You joined ${joined.ownerName}'s team as ${joined.role}`);
      onDone();
    } catch (error) {
      notifyApiError('Could not join the team.', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card.Root maxW="3xl" mb="8" borderColor="blue.300">
      <Card.Header>
        <Heading as="h2" size="lg">
          Team invitation
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>
            You were invited to a PrepaidShip team. Joining shares its wallet, labels and addresses with you in the role you were invited to. Your own account
            must have no money and no labels.
          </Text>
          <HStack>
            <Button colorPalette="blue" loading={busy} onClick={() => void join()}>
              Join the team
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Not now
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

type InviteValues = z.input<typeof inviteMemberSchema>;

/** The owner's invite form: an email and a role; the server mails the link. */
function InviteForm() {
  const { trigger: invite } = useInviteMember();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, InviteMemberBody>({ resolver: zodResolver(inviteMemberSchema), defaultValues: { email: '', role: 'shipper' } });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await invite(body);
      notifySuccess(`Invitation sent to ${body.email}`);
      reset({ email: '', role: body.role });
    } catch (error) {
      showFieldErrors(error, setError);
      notifyApiError('Failed to invite.', error);
    }
  });
  return (
    <Form onSubmit={onSubmit}>
      <Stack gap="4">
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Role" error={errors.role?.message} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('role')}>
              {(Object.keys(ROLE_TEXT) as TeamRole[]).map((role) => (
                <option key={role} value={role}>
                  {ROLE_TEXT[role]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
          Send invitation
        </Button>
      </Stack>
    </Form>
  );
}

function RemoveButton({ member }: { member: ApiMember }) {
  const { trigger: remove, isMutating } = useRemoveMember();
  const who = member.name ?? member.email;
  return (
    <ConfirmDeleteButton
      name={who}
      title={member.joinedAt ? 'Remove this member?' : 'Withdraw this invitation?'}
      busy={isMutating}
      onDelete={() => remove(member.id)}
      deleted={member.joinedAt ? 'Member removed' : 'Invitation withdrawn'}
      failed="Failed to remove."
    >
      {member.joinedAt
        ? `${who} is signed out at once and can no longer see or spend from this team. Labels they bought stay in the team.`
        : `The link mailed to ${member.email} stops working.`}
    </ConfirmDeleteButton>
  );
}

const columns: DataTableColumn<ApiMember>[] = [
  { header: 'Member', cell: (m) => (m.name ? `${m.name} (${m.email})` : m.email) },
  { header: 'Role', cell: (m) => m.role },
  {
    header: 'Status',
    cell: (m) =>
      m.joinedAt ? (
        <>
          Joined <DateTime iso={m.joinedAt} />
        </>
      ) : (
        <>
          Invited <DateTime iso={m.invitedAt} />
        </>
      ),
  },
  { header: 'Actions', cell: (m) => <RemoveButton member={m} /> },
];

/**
 * Team: the owner invites people by email into a role and removes them; a member sees whose team
 * they act for and in which role; the mailed link (`?invite=`) shows the card that joins.
 */
export function MembersPage() {
  const [search, setSearch] = useSearchParams();
  const invite = search.get('invite');
  const { data: profile } = useProfile();
  const team = profile?.team;
  const isOwner = profile !== undefined && (!team || team.role === 'owner');
  const { data, error, isLoading, mutate } = useMembers(isOwner);

  useEffect(() => {
    if (error) notifyApiError('Failed to fetch members.', error, undefined, 'members-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Team</PageTitle>
      {invite && (
        <JoinCard
          token={invite}
          onDone={() => {
            search.delete('invite');
            setSearch(search, { replace: true });
          }}
        />
      )}
      {team && (
        <Text mb="6" data-testid="team-membership">
          You act for {team.ownerName}&apos;s team ({team.ownerEmail}) as {team.role}.
          {team.role === 'viewer' ? ' Viewers read the team’s labels and wallet; buying and changes are for shippers and owners.' : ''}
        </Text>
      )}
      {isOwner && (
        <>
          <FormCard title="Invite a member">
            <InviteForm />
          </FormCard>
          <Heading as="h2" size="lg" mb="4">
            Members
          </Heading>
          <DataTable
            caption="Members"
            columns={columns}
            rows={data?.members ?? []}
            rowKey={(m) => m.id}
            isLoading={isLoading}
            error={error ? errorMessage(error, 'The members could not be loaded.') : undefined}
            onRetry={() => void mutate()}
            emptyMessage="No members yet. Invite someone above to share this account's wallet and labels."
          />
        </>
      )}
    </>
  );
}
