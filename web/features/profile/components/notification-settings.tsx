/**
 * The Profile page's "Email notifications" section: which tracking mails the shipper
 * gets. Three labelled (native) checkboxes and Save; a toast confirms, and the saved profile replaces the
 * cached one. The recipient's mails are not here: they follow the recipient email given per label.
 */
import { Button, chakra, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { NotificationSettings } from '@domain/api/notifications';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useUpdateNotifications } from '../api/update-notifications';

const CHOICES: { key: keyof NotificationSettings; label: string; help: string }[] = [
  { key: 'delivered', label: 'A label is delivered', help: 'When the carrier scans a package as delivered.' },
  { key: 'exception', label: 'A label has a delivery problem', help: 'A failed delivery, or a package returned to the sender.' },
  { key: 'unused', label: 'A label is still unused 5 days before its refund window closes', help: 'So you can use it or ask for its refund in time.' },
];

export function NotificationSettingsForm({ saved }: { saved: NotificationSettings }) {
  const [settings, setSettings] = useState<NotificationSettings>(saved);
  const { trigger: save, isMutating } = useUpdateNotifications();
  const changed = CHOICES.some(({ key }) => settings[key] !== saved[key]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const profile = await save(settings);
      setSettings(profile.notifications);
      notifySuccess('Notification settings saved');
    } catch (error) {
      notifyApiError('Failed to save notification settings. Please try again.', error);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Email notifications">
      <Fieldset.Root>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          Email notifications
        </Fieldset.Legend>
        <Fieldset.HelperText>Mail me when:</Fieldset.HelperText>
        <Fieldset.Content>
          <Stack gap="4">
            {CHOICES.map(({ key, label, help }) => (
              <Stack key={key} gap="0.5">
                <chakra.label display="flex" gap="3" alignItems="center" cursor="pointer">
                  {/* A native checkbox: its own keyboard and screen-reader behaviour, and no Chakra recipe in the entry theme. */}
                  <chakra.input
                    type="checkbox"
                    checked={settings[key]}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setSettings((s) => ({ ...s, [key]: checked }));
                    }}
                    aria-describedby={`notify-${key}-help`}
                    boxSize="5"
                    flexShrink="0"
                    accentColor="blue.solid"
                    cursor="pointer"
                  />
                  {label}
                </chakra.label>
                <Text id={`notify-${key}-help`} fontSize="sm" color="fg.muted" ps="8">
                  {help}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Fieldset.Content>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={isMutating} disabled={!changed}>
          Save notification settings
        </Button>
      </Fieldset.Root>
    </form>
  );
}
