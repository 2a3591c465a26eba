import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface FormDialogProps extends Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> {
  title: ReactNode;
  /** The button that opens the dialog; focus returns to it on closing. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's `Dialog.Body` and, if any, `Dialog.Footer`. */
  children: ReactNode;
  contentProps?: Dialog.ContentProps;
  /** The × in the corner; a confirmation leaves it out and offers Cancel only. */
  closeButton?: boolean;
}

/**
 * The chrome every dialog of the app shares: a trigger button, a centred modal in a portal over a
 * backdrop, a title, then the caller's body. Chakra traps focus, opens on the first field (the ×
 * is last in the content for that reason) and gives focus back to the trigger on closing.
 */
export function FormDialog({ title, trigger, open, onOpenChange, children, contentProps, closeButton = true, ...rootProps }: FormDialogProps) {
  return (
    <Dialog.Root placement="center" {...rootProps} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...contentProps}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Cancel (it closes the dialog) followed by the caller's primary button: the pair every dialog ends
 * with. Cancel is disabled while the browser is already leaving for a payment page.
 */
export function DialogActions({ cancelDisabled, children }: { cancelDisabled?: boolean; children: ReactNode }) {
  return (
    <>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" disabled={cancelDisabled}>
          Cancel
        </Button>
      </Dialog.ActionTrigger>
      {children}
    </>
  );
}
