import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Brand } from './brand';

/**
 * The sidebar on phones: an off-canvas drawer (18rem) with the logo and the navigation. Its own
 * module, loaded on the sidebar trigger's intent or at the first opening: a desktop never needs
 * Chakra's drawer, and a phone not before the menu is opened (docs/performance.md).
 */
export function SidebarDrawer({
  open,
  onOpenChange,
  width,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: string;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={width} maxW="100vw">
            <Drawer.Header>
              <Drawer.Title>
                <Brand />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close sidebar" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
