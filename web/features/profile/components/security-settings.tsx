/**
 * The Profile page's Security section: authenticator app, passkeys, recovery codes and remembered
 * devices. Loaded lazily (with qrcode.react), so the other pages and the first load carry none of it.
 */
import { Box, Button, Code, Heading, HStack, Input, List, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { addPasskey, confirmTotp, forgetDevices, newRecoveryCodes, removePasskey, removeTotp, startTotp, useSecurity } from '../api/security';

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([`PrepaidShip recovery codes (each works once)\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'prepaidship-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="recovery-codes">
      <Text fontWeight="semibold">Your recovery codes: save them now, they are shown only this once.</Text>
      <List.Root listStyle="none" fontFamily="mono">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
      <HStack>
        <Button size="sm" onClick={download}>
          Download
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          I saved them
        </Button>
      </HStack>
    </Stack>
  );
}

function AuthenticatorApp({ on, onChange, onCodes }: { on: boolean; onChange: () => void; onCodes: (codes: string[]) => void }) {
  const [pending, setPending] = useState<{ secret: string; uri: string } | undefined>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notifyApiError(failure, error, 'Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await confirmTotp(code);
      setPending(undefined);
      setCode('');
      notifySuccess('Authenticator app set up', 'Sign-ins now ask for its code instead of mailing one.');
      if (answer.recoveryCodes) onCodes(answer.recoveryCodes);
      onChange();
    }, 'Could not set up the app');
  };
  const remove = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await removeTotp(password);
      setPassword('');
      notifySuccess('Authenticator app removed');
      onChange();
    }, 'Could not remove the app');
  };

  if (on) {
    return (
      <Form onSubmit={remove}>
        <Text>An authenticator app is set up.</Text>
        <FormField label="Your password, to remove it">
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" colorPalette="red" disabled={!password} loading={busy}>
          Remove authenticator app
        </Button>
      </Form>
    );
  }
  if (!pending) {
    return (
      <Stack gap="2" align="start">
        <Text>Use an app such as Google Authenticator, 1Password or Authy for a code at each sign-in.</Text>
        <Button onClick={() => void run(async () => setPending(await startTotp()), 'Could not start')} loading={busy}>
          Set up authenticator app
        </Button>
      </Stack>
    );
  }
  return (
    <Form onSubmit={confirm}>
      <Text>Scan this code with your app, then enter the 6-digit code it shows.</Text>
      <Box bg="white" p="2" w="fit-content">
        <QRCodeSVG value={pending.uri} size={176} title="QR code for your authenticator app" />
      </Box>
      <Text fontSize="sm">
        Or type this key: <Code data-testid="totp-secret">{pending.secret}</Code>
      </Text>
      <FormField label="Code from the app">
        <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} />
      </FormField>
      <Button type="submit" colorPalette="blue" disabled={code.length !== 6} loading={busy}>
        Confirm
      </Button>
    </Form>
  );
}

export function SecuritySettings() {
  const { data, mutate } = useSecurity();
  const [codes, setCodes] = useState<string[] | undefined>();
  const [passkeyName, setPasskeyName] = useState('');
  const refresh = () => void mutate();
  if (!data) return null;

  const act = async (action: () => Promise<unknown>, failure: string, success?: string) => {
    try {
      await action();
      if (success) notifySuccess(success);
    } catch (error) {
      notifyApiError(failure, error, 'Please try again.');
    }
    refresh();
  };

  return (
    <Stack gap="6">
      <Heading as="h2" size="md">
        Security
      </Heading>
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(undefined)} />}

      <Stack gap="2">
        <Heading as="h3" size="sm">
          Authenticator app
        </Heading>
        <AuthenticatorApp on={data.totp} onChange={refresh} onCodes={setCodes} />
      </Stack>

      <Stack gap="2">
        <Heading as="h3" size="sm">
          Passkeys
        </Heading>
        {data.passkeys.length === 0 && <Text>No passkeys yet.</Text>}
        {data.passkeys.map((p) => (
          <HStack key={p.id} justify="space-between">
            <Text>
              {p.name}{' '}
              <Text as="span" color="fg.muted" fontSize="sm">
                added {new Date(p.createdAt).toLocaleDateString()}
              </Text>
            </Text>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => void act(() => removePasskey(p.id), 'Could not remove the passkey', 'Passkey removed')}
            >
              Remove
            </Button>
          </HStack>
        ))}
        <HStack align="end">
          <FormField label="Name for a new passkey">
            <Input value={passkeyName} onChange={(e) => setPasskeyName(e.target.value)} placeholder="Laptop" maxLength={60} />
          </FormField>
          <Button
            onClick={() =>
              void act(
                async () => {
                  const answer = await addPasskey(passkeyName);
                  setPasskeyName('');
                  if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
                },
                'Could not add the passkey',
                'Passkey added',
              )
            }
          >
            Add passkey
          </Button>
        </HStack>
      </Stack>

      <Stack gap="2" align="start">
        <Heading as="h3" size="sm">
          Recovery codes
        </Heading>
        <Text>
          {data.recoveryCodesLeft} unused code{data.recoveryCodesLeft === 1 ? '' : 's'} left. Each signs you in once when your app or passkey is out of reach.
        </Text>
        <Button variant="outline" onClick={() => void act(async () => setCodes((await newRecoveryCodes()).codes), 'Could not make new codes')}>
          {data.recoveryCodesLeft > 0 ? 'Make new recovery codes' : 'Make recovery codes'}
        </Button>
      </Stack>

      <Stack gap="2" align="start">
        <Heading as="h3" size="sm">
          Remembered devices
        </Heading>
        {data.devices.length === 0 && <Text>No remembered devices.</Text>}
        <List.Root>
          {data.devices.map((d) => (
            <List.Item key={d.id} fontSize="sm">
              {d.label} (until {new Date(d.expiresAt).toLocaleDateString()})
            </List.Item>
          ))}
        </List.Root>
        {data.devices.length > 0 && (
          <Button variant="outline" colorPalette="red" onClick={() => void act(forgetDevices, 'Could not forget the devices', 'All devices forgotten')}>
            Forget all devices
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
