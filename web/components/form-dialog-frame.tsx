import { Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { Form } from './form';

export interface FormDialogFrameProps extends Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'> {
  /** The root's id: the trigger FormDialog renders carries the ids zag derives from it. */
  id: string;
  title: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  contentProps?: Dialog.ContentProps;
  closeButton: boolean;
}

/**
 * The dialog itself, loaded by FormDialog on the trigger's intent or at the first opening (Chakra's
 * dialog, focus trap and dismiss layers are not on any page's first load). Its trigger lives in
 * FormDialog, outside this module; the dialog finds it by the id zag gives a trigger of this root,
 * to give focus back on closing.
 */
export function FormDialogFrame({ id, title, open, onOpenChange, children, contentProps, closeButton, ...rootProps }: FormDialogFrameProps) {
  return (
    <Dialog.Root placement="center" {...rootProps} id={id} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
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

export const DialogBody = Dialog.Body;
export const DialogFooter = Dialog.Footer;

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
