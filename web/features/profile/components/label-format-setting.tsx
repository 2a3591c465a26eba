/**
 * The Profile page's "Label format" section: the file the shipments list's download button gives
 * (every format stays in its menu). Native radio buttons and Save; a toast confirms, and the saved
 * profile replaces the cached one, so the shipments list follows at once.
 */
import { Button, chakra, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LABEL_CHOICES, labelChoiceKey, type LabelChoice } from '@domain/label-formats';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useUpdateLabelFormat } from '../api/update-label-format';

const HELP: Record<string, string> = {
  pdf: 'One 4x6 label per page, for label printers that print PDFs.',
  letter: 'Two 4x6 labels on a letter sheet with cut lines, for office printers.',
  png203: 'A 4x6 image for 203 dpi thermal printers.',
  png300: 'A 4x6 image for 300 dpi printers.',
  zpl: 'ZPL II commands for 203 dpi Zebra-compatible thermal printers.',
};

export function LabelFormatSetting({ saved }: { saved: LabelChoice }) {
  const [key, setKey] = useState(labelChoiceKey(saved));
  const { trigger: save, isMutating } = useUpdateLabelFormat();
  const changed = key !== labelChoiceKey(saved);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = LABEL_CHOICES.find((c) => c.key === key);
    if (!choice) return;
    try {
      const profile = await save({ format: choice.format, ...(choice.format === 'png' ? { dpi: choice.dpi } : {}) });
      setKey(labelChoiceKey(profile.labelFormat));
      notifySuccess('Label format saved');
    } catch (error) {
      notifyApiError('Failed to save the label format. Please try again.', error);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Label format">
      <Fieldset.Root>
        <Fieldset.Legend fontSize="lg" fontWeight="semibold">
          Label format
        </Fieldset.Legend>
        <Fieldset.HelperText>What the download button of your shipments gives. Every format stays in its menu.</Fieldset.HelperText>
        <Fieldset.Content>
          <Stack gap="3">
            {LABEL_CHOICES.map((c) => (
              <Stack key={c.key} gap="0.5">
                <chakra.label display="flex" gap="3" alignItems="center" cursor="pointer">
                  {/* A native radio: its own keyboard and screen-reader behaviour, as the notification checkboxes. */}
                  <chakra.input
                    type="radio"
                    name="labelFormat"
                    value={c.key}
                    checked={key === c.key}
                    onChange={() => setKey(c.key)}
                    aria-describedby={`label-format-${c.key}-help`}
                    boxSize="5"
                    flexShrink="0"
                    accentColor="blue.solid"
                    cursor="pointer"
                  />
                  {c.name}
                </chakra.label>
                <Text id={`label-format-${c.key}-help`} fontSize="sm" color="fg.muted" ps="8">
                  {HELP[c.key]}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Fieldset.Content>
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={isMutating} disabled={!changed}>
          Save label format
        </Button>
      </Fieldset.Root>
    </form>
  );
}
