import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { LabelOrderForm } from './label-order-form';

/**
 * Escape in a field whose dropdown is open closes that dropdown (the field handles it), not the
 * whole dialog: the dialog hears Escape first, on the document, so it has to step aside here.
 */
function keepOpenForExpandedField(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault();
}

/**
 * The Create Label dialog. Mounted on first opening and kept afterwards, so a long form closed by
 * mistake keeps what was typed (a bought label resets it). Chakra traps focus, opens on the first
 * field (the close button is last in the content for that reason) and gives focus back to the
 * Create Label button on closing. Full screen on phones; the body scrolls under a fixed footer.
 */
export function CreateLabelDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      onEscapeKeyDown={keepOpenForExpandedField}
      lazyMount
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button colorPalette="blue">
          <LuPlus aria-hidden /> Create Label
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Undo what the phone's full-screen size leaves behind on larger screens (Chakra applies both). */}
          <Dialog.Content minH={{ md: 'auto' }} rounded={{ md: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>Create Label</Dialog.Title>
            </Dialog.Header>
            <LabelOrderForm open={open} onCreated={() => setOpen(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
