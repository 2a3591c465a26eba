import { Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { Form } from './form';

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

interface FormDialogBodyProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The primary (submit) button, after Cancel. */
  submit: ReactElement;
  cancelDisabled?: boolean;
  /** The form's fields, and any words before them. */
  children: ReactNode;
}

/** The body of a dialog that is one form: its fields, then Cancel and the submit button at the end of a row. */
export function FormDialogBody({ onSubmit, submit, cancelDisabled, children }: FormDialogBodyProps) {
  return (
    <Dialog.Body pb="6">
      <Form onSubmit={onSubmit}>
        {children}
        <HStack justify="end" gap="3">
          <DialogActions cancelDisabled={cancelDisabled}>{submit}</DialogActions>
        </HStack>
      </Form>
    </Dialog.Body>
  );
}
