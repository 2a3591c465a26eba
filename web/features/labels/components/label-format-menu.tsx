/**
 * The format menu of a shipment's download (./download-pdf-button.tsx), in a chunk of its own:
 * Chakra's menu is a large share of a first visit's JavaScript, and most visits never open it. It
 * mounts open, from the click or key on the stand-in trigger that loaded it.
 */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import { LABEL_CHOICES } from '@domain/label-formats';

type Choice = (typeof LABEL_CHOICES)[number];

export function LabelFormatMenu({
  defaultKey,
  tracking,
  disabled,
  onPick,
}: {
  /** The shipper's default, listed first. */
  defaultKey: string;
  tracking: string;
  disabled: boolean;
  onPick: (choice: Choice) => void;
}) {
  const choices = [...LABEL_CHOICES].sort((a, b) => Number(b.key === defaultKey) - Number(a.key === defaultKey));
  return (
    <Menu.Root
      defaultOpen
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        const choice = choices.find((c) => c.key === value);
        if (choice) onPick(choice);
      }}
    >
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="outline" disabled={disabled} aria-label={`Other label formats for ${tracking}`}>
          <LuChevronDown aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {choices.map((c) => (
              <Menu.Item key={c.key} value={c.key}>
                {c.name}
                {c.key === defaultKey ? ' (default)' : ''}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
