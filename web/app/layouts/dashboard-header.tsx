import { Badge, Button, Flex, Spacer, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import { useId, useRef, useState, type PointerEvent } from 'react';
import { Brand } from '@/components/brand';
import { SidebarTrigger, useSidebar } from '@/components/sidebar';
import { UserAvatar } from '@/components/user-avatar';
import { useProfile, useProfileIsStale, useProfilePicture } from '@/features/profile';
import { isAdmin, useSession } from '@/lib/session';
import type { PendingAction } from './dashboard-account-menu';

/**
 * 'Balance: $' plus the amount with two decimals, or 'Balance: N/A' while it is unknown
 * (SPEC section 2; "$N/A" would read as a broken amount, see docs/spec-readings.md, "§2 l.43").
 * A card dispute may take the available balance below zero: 'Balance: -$20.00', not '$-20.00'.
 */
export function balanceLabel(balance: number | string | undefined): string {
  const amount = Number(balance);
  if (balance === undefined || balance === '' || !Number.isFinite(amount)) return 'Balance: N/A';
  return `Balance: ${amount < 0 ? '-' : ''}$${Math.abs(amount).toFixed(2)}`;
}

/**
 * The balance a purchase can spend (`available`): a label or batch is checked against it alone, so a
 * badge counting money on hold for a withdrawal could show enough where Create Label answers 402.
 * What is on hold (for a withdrawal, or under a card dispute, which may take the available balance
 * below zero) shows under it when there is some, and the group's name says both. A profile
 * answer too old to be current (useProfileIsStale) is greyed and says so.
 */
function BalanceBadge() {
  const { data } = useProfile();
  const stale = useProfileIsStale() && data !== undefined;
  const label = balanceLabel(data?.available);
  const held = data && data.heldCents > 0 ? `${formatUsd(data.heldCents)} held` : undefined;
  const disputed = data && data.disputedCents > 0 ? `${formatUsd(data.disputedCents)} disputed` : undefined;
  const holds = [held, disputed].filter(Boolean).join(', ');
  const note = [holds, stale && 'not current'].filter(Boolean).join(' · ');
  const name = `${label}${holds ? ` available, ${holds}` : ''}${stale ? ', not current' : ''}`;
  return (
    <Stack role="group" aria-label={name} aria-live="polite" gap="0" align="end">
      <Badge size="lg" variant="subtle" colorPalette={stale ? 'gray' : 'green'}>
        {label}
      </Badge>
      {note && (
        <Text as="span" fontSize="xs" lineHeight="1.2" color="fg.muted">
          {note}
        </Text>
      )}
    </Stack>
  );
}

const loadAccountMenu = () => import('./dashboard-account-menu');
type AccountMenuModule = Awaited<ReturnType<typeof loadAccountMenu>>;
/** Once loaded, later headers (another layout, a remount) render the menu at once. */
let accountMenuModule: AccountMenuModule | undefined;

interface LiveMenu {
  module: AccountMenuModule;
  focus: boolean;
  pending: PendingAction;
}

/** Keys that open Chakra's menu from its trigger (zag's menu: ArrowDown, ArrowUp, Enter, Space). */
const openingKeys = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);
const isContextMenuClick = (event: PointerEvent<HTMLElement>) =>
  event.button === 2 || (event.ctrlKey && event.button === 0 && /Mac|iPhone|iPad/.test(navigator.platform));

/**
 * The account menu's trigger: the server's picture when it has answered, the initials meanwhile, or
 * if the image fails. The menu's code (dashboard-account-menu.tsx) loads on intent; until then this
 * stand-in carries the attributes Chakra's `Menu.Trigger` gives a closed menu's trigger, and a click
 * or an opening key on it is repeated on the real trigger once the code is in.
 */
function AccountMenuTrigger({ name }: { name: string }) {
  const id = useId();
  const { data } = useProfilePicture();
  const [live, setLive] = useState<LiveMenu | undefined>(() => accountMenuModule && { module: accountMenuModule, focus: false, pending: null });
  const standIn = useRef<HTMLButtonElement>(null);
  const pending = useRef<PendingAction>(null);
  const load = () => {
    void loadAccountMenu().then((module) => {
      accountMenuModule = module;
      setLive((current) => current ?? { module, focus: document.activeElement === standIn.current, pending: pending.current });
    });
  };
  const look = { variant: 'ghost', size: 'sm', rounded: 'full', px: '0', 'aria-label': `Account menu for ${name}` } as const;
  const avatar = <UserAvatar size="sm" name={name} picture={data?.picture || undefined} />;
  if (live) return <live.module.AccountMenu id={id} name={name} trigger={<Button {...look}>{avatar}</Button>} focus={live.focus} pending={live.pending} />;
  return (
    <Button
      ref={standIn}
      {...look}
      type="button"
      data-scope="menu"
      data-part="trigger"
      dir="ltr"
      id={`menu:${id}:trigger`}
      data-uid={id}
      aria-haspopup="menu"
      data-controls={`menu:${id}:content`}
      aria-expanded={false}
      data-state="closed"
      className="chakra-menu__trigger"
      onPointerEnter={load}
      onFocus={load}
      onTouchStart={load}
      // As the menu's trigger does: a press does not move focus first.
      onPointerDown={(event) => {
        if (!isContextMenuClick(event)) event.preventDefault();
      }}
      onClick={() => {
        pending.current = { type: 'click' };
        load();
      }}
      onKeyDown={(event) => {
        if (!openingKeys.has(event.key)) return;
        event.preventDefault();
        pending.current = { type: 'key', key: event.key };
        load();
      }}
    >
      {avatar}
    </Button>
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
      <AccountMenuTrigger name={user?.name || 'Account'} />
    </Flex>
  );
}
