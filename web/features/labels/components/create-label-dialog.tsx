import { Button } from '@chakra-ui/react';
import { lazy, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormDialog } from '@/components/form-dialog';
import { useProfile } from '@/features/profile';

/** The form (react-hook-form, the order schema and zod, the address fields) loads on the trigger's intent, not with the page. */
const loadForm = () => import('./label-order-form');
const LabelOrderForm = lazy(() => loadForm().then((m) => ({ default: m.LabelOrderForm })));

/**
 * Escape in a field whose dropdown is open closes that dropdown (the field handles it), not the
 * whole dialog: the dialog hears Escape first, on the document, so it has to step aside here.
 */
function keepOpenForExpandedField(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.getAttribute('aria-expanded') === 'true') event.preventDefault();
}

/**
 * The Create Label dialog. Mounted on first opening and kept afterwards, so a long form closed by
 * mistake keeps what was typed (a bought label resets it). Full screen on phones; the body scrolls
 * under a fixed footer.
 */
export function CreateLabelDialog() {
  const [open, setOpen] = useState(false);
  // A team's viewer cannot buy (the server refuses with 403): no button to start.
  const { data: profile } = useProfile();
  if (profile?.team?.role === 'viewer') return null;
  return (
    <FormDialog
      title="Create Label"
      open={open}
      onOpenChange={setOpen}
      onEscapeKeyDown={keepOpenForExpandedField}
      lazyMount
      preload={loadForm}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      // Undo what the phone's full-screen size leaves behind on larger screens (Chakra applies both).
      contentProps={{ minH: { md: 'auto' }, rounded: { md: 'l3' } }}
      trigger={
        <Button colorPalette="blue">
          <LuPlus aria-hidden /> Create Label
        </Button>
      }
    >
      <LabelOrderForm open={open} onCreated={() => setOpen(false)} />
    </FormDialog>
  );
}
