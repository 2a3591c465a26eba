import { Menu, Portal } from '@chakra-ui/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { endSession, getSession } from '@/lib/session';

/** What the person did on the stand-in trigger before this module arrived, done again on the real one. */
export type PendingAction = { type: 'click' } | { type: 'key'; key: string } | null;

interface AccountMenuProps {
  /** The menu root's id: the trigger's id and the stand-in's attributes derive from it. */
  id: string;
  name: string;
  /** The trigger button (the avatar). */
  trigger: ReactElement;
  /** The stand-in had focus when it was replaced: the real trigger takes it over. */
  focus: boolean;
  pending: PendingAction;
}

/**
 * The dashboard's account menu (name, Logout), loaded on the avatar's intent (dashboard-header.tsx):
 * Chakra's menu with its positioning (floating-ui) is not on the dashboard's first load. Mounted in
 * place of the stand-in trigger, it gives the new trigger the focus the stand-in had and repeats a
 * click or key that came before it, so the menu opens as if it had been there all along.
 */
export function AccountMenu({ id, name, trigger, focus, pending }: AccountMenuProps) {
  const navigate = useNavigate();
  const logout = () => {
    const { token } = getSession();
    endSession();
    void navigate(paths.home, { replace: true });
    // The server's side loads with the API client, off the menu's own chunk.
    if (token) void import('@/features/auth/api/logout').then((m) => m.endServerSession(token));
  };
  useLayoutEffect(() => {
    const element = document.getElementById(`menu:${id}:trigger`);
    if (!element) return;
    if (focus) element.focus();
    if (pending?.type === 'click') element.click();
    if (pending?.type === 'key') element.dispatchEvent(new KeyboardEvent('keydown', { key: pending.key, bubbles: true, cancelable: true }));
    // Only at mounting: what happened before the menu existed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu.Root id={id} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{name}</Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={logout}>
              <LuLogOut aria-hidden />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
