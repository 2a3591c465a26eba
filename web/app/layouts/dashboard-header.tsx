import { Avatar, Badge, Button, Flex, Menu, Portal, Spacer } from '@chakra-ui/react';
import { LuLogOut } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { Brand } from '@/components/brand';
import { SidebarTrigger, useSidebar } from '@/components/sidebar';
import { useProfile, useProfilePicture } from '@/features/profile';
import { paths } from '@/lib/paths';
import { endSession, isAdmin, useSession } from '@/lib/session';

/**
 * 'Balance: $' plus the balance with two decimals, or 'Balance: N/A' while it is unknown
 * (SPEC section 2; "$N/A" would read as a broken amount, see docs/decisions.md).
 */
export function balanceLabel(balance: number | string | undefined): string {
  const amount = Number(balance);
  return balance !== undefined && balance !== '' && Number.isFinite(amount) ? `Balance: $${amount.toFixed(2)}` : 'Balance: N/A';
}

function BalanceBadge() {
  const { data } = useProfile();
  return (
    <Badge size="lg" variant="subtle" colorPalette="green" aria-live="polite">
      {balanceLabel(data?.balance)}
    </Badge>
  );
}

/** The server's picture when it has answered; the initials meanwhile, or if the image fails. */
function AccountMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const { data } = useProfilePicture();
  const logout = () => {
    endSession();
    void navigate(paths.home, { replace: true });
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" rounded="full" px="0" aria-label={`Account menu for ${name}`}>
          <Avatar.Root size="sm">
            <Avatar.Fallback name={name} />
            {data?.picture && <Avatar.Image src={data.picture} alt="" />}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
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

/**
 * The dashboard's top bar: sidebar toggle, the balance (users only) and the account menu. On phones
 * the sidebar (and its logo) is a closed drawer, so the logo shows here, as its mark alone: the
 * wordmark beside the balance badge would not fit 375 px (its name stays for screen readers).
 */
export function DashboardHeader() {
  const { user } = useSession();
  const { isMobile } = useSidebar();
  return (
    <Flex as="header" position="sticky" top="0" zIndex="sticky" h="14" align="center" gap="3" px="4" bg="bg" borderBottomWidth="1px">
      <SidebarTrigger />
      {isMobile && <Brand compact />}
      <Spacer />
      {!isAdmin(user) && <BalanceBadge />}
      <AccountMenu name={user?.name || 'Account'} />
    </Flex>
  );
}
