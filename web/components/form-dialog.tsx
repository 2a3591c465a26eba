import { cloneElement, lazy, Suspense, useId, useState, type ComponentProps, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import type * as Frame from './form-dialog-frame';

/** The dialog's module once loaded. Its parts below render only inside the dialog, so never before it. */
let frame: typeof Frame | undefined;
const loadFrame = () => import('./form-dialog-frame').then((m) => (frame = m));
const FormDialogFrame = lazy(() => loadFrame().then((m) => ({ default: m.FormDialogFrame })));

function loaded(): typeof Frame {
  if (!frame) throw new Error('A dialog part rendered outside a FormDialog');
  return frame;
}

/*
 * The parts a caller puts in the dialog come from the dialog's own module: importing Chakra's
 * `Dialog` in a page would bring the whole dialog (and its focus trap) back into the page's first load.
 */
/** Chakra's `Dialog.Body`. */
export function DialogBody(props: ComponentProps<typeof Frame.DialogBody>) {
  const { DialogBody: Body } = loaded();
  return <Body {...props} />;
}

/** Chakra's `Dialog.Footer`. */
export function DialogFooter(props: ComponentProps<typeof Frame.DialogFooter>) {
  const { DialogFooter: Footer } = loaded();
  return <Footer {...props} />;
}

/** Cancel (it closes the dialog) followed by the caller's primary button (form-dialog-frame.tsx). */
export function DialogActions(props: ComponentProps<typeof Frame.DialogActions>) {
  const { DialogActions: Actions } = loaded();
  return <Actions {...props} />;
}

/** The body of a dialog that is one form: its fields, then Cancel and the submit button (form-dialog-frame.tsx). */
export function FormDialogBody(props: ComponentProps<typeof Frame.FormDialogBody>) {
  const { FormDialogBody: Body } = loaded();
  return <Body {...props} />;
}

interface FormDialogProps extends Omit<Frame.FormDialogFrameProps, 'id' | 'children' | 'closeButton'> {
  /** The button that opens the dialog; focus returns to it on closing. */
  trigger: ReactElement<TriggerProps>;
  /** The dialog's `Dialog.Body` and, if any, `Dialog.Footer`. */
  children: ReactNode;
  /** The × in the corner; a confirmation leaves it out and offers Cancel only. */
  closeButton?: boolean;
  /** Loads the code of a lazy body, with the dialog's own, as soon as the person heads for the trigger. */
  preload?: () => Promise<unknown>;
}

type Handler = (event: SyntheticEvent) => void;
interface TriggerProps {
  onClick?: Handler;
  onPointerEnter?: Handler;
  onFocus?: Handler;
  onTouchStart?: Handler;
  className?: string;
}

/** The trigger's own handler first, then ours (as Chakra's `asChild` merges them). */
const chain =
  (own: Handler | undefined, ours: Handler): Handler =>
  (event) => {
    own?.(event);
    ours(event);
  };

/**
 * The chrome every dialog of the app shares: a trigger button, a centred modal in a portal over a
 * backdrop, a title, then the caller's body. Chakra traps focus, opens on the first field (the ×
 * is last in the content for that reason) and gives focus back to the trigger on closing.
 *
 * The dialog's code (and a lazy body's, `preload`) loads on intent: the pointer entering the
 * trigger, a touch or keyboard focus on it; an opening that comes first waits for it, so the dialog
 * still appears whole, on its first field. Until then the trigger is rendered here with the
 * attributes Chakra's `Dialog.Trigger` gives it, so it reads and looks the same
 * (docs/decisions/0162-dashboard-loads-on-intent.md).
 */
export function FormDialog({ title, trigger, open, onOpenChange, children, contentProps, closeButton = true, preload, ...rootProps }: FormDialogProps) {
  const id = useId();
  // Mounted at the first opening and kept: Chakra unmounts the content itself once closed.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const load = () => {
    void loadFrame();
    void preload?.();
  };
  const own = trigger.props;
  const triggerElement = cloneElement(trigger, {
    type: 'button',
    'data-scope': 'dialog',
    'data-part': 'trigger',
    dir: 'ltr',
    id: `dialog:${id}:trigger`,
    'data-ownedby': id,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'data-state': open ? 'open' : 'closed',
    'aria-controls': open ? `dialog:${id}:content` : undefined,
    className: ['chakra-dialog__trigger', own.className].filter(Boolean).join(' '),
    onClick: chain(own.onClick, (event) => {
      if (!event.defaultPrevented) onOpenChange(!open);
    }),
    onPointerEnter: chain(own.onPointerEnter, load),
    onFocus: chain(own.onFocus, load),
    onTouchStart: chain(own.onTouchStart, load),
  } as TriggerProps);
  return (
    <>
      {triggerElement}
      {mounted && (
        <Suspense fallback={null}>
          <FormDialogFrame {...rootProps} id={id} title={title} open={open} onOpenChange={onOpenChange} contentProps={contentProps} closeButton={closeButton}>
            {children}
          </FormDialogFrame>
        </Suspense>
      )}
    </>
  );
}
