/**
 * The dashboard sidebar (SPEC section 2): 16rem wide, collapsing to a 3rem icon rail; on screens up
 * to 768 px an 18rem off-canvas drawer instead. Ctrl/Cmd+B or the trigger toggles it, and the
 * desktop open state is remembered in the `sidebar_state` cookie for 7 days (a cookie rather than
 * localStorage so a server could read it one day; nothing does yet).
 */
import { Box, Flex, Icon, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuPanelLeft } from 'react-icons/lu';
import { NavLink } from 'react-router-dom';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { preloadOnIntent } from '@/lib/route-preload';
import { Brand } from './brand';

export const sidebarCookieName = 'sidebar_state';
export const sidebarCookieMaxAgeSeconds = 60 * 60 * 24 * 7;
export const sidebarWidth = '16rem';
export const sidebarWidthMobile = '18rem';
export const sidebarWidthIcon = '3rem';
const sidebarId = 'app-sidebar';

/** The phone's drawer: loaded on the trigger's intent, or when it first opens (sidebar-drawer.tsx). */
const loadDrawer = () => import('./sidebar-drawer');
const SidebarDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.SidebarDrawer })));

/** The cookie that remembers whether the desktop sidebar is open. */
export function sidebarCookie(open: boolean): string {
  return `${sidebarCookieName}=${open}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; samesite=lax`;
}

function readSidebarCookie(): boolean | undefined {
  const match = new RegExp(`(?:^|;\\s*)${sidebarCookieName}=(true|false)`).exec(document.cookie);
  return match ? match[1] === 'true' : undefined;
}

interface SidebarState {
  isMobile: boolean;
  /** Desktop: full width (true) or icon rail (false). */
  open: boolean;
  /** Mobile: drawer shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return state;
}

export function SidebarProvider({ children, defaultOpen = true }: { children: ReactNode; defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarCookie() ?? defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((shown) => !shown);
      return;
    }
    document.cookie = sidebarCookie(!open);
    setOpen(!open);
  }, [isMobile, open]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const state = useMemo(() => ({ isMobile, open, openMobile, setOpenMobile, toggle }), [isMobile, open, openMobile, toggle]);
  return <SidebarContext.Provider value={state}>{children}</SidebarContext.Provider>;
}

export interface SidebarItem {
  label: string;
  to: string;
  icon: IconType;
}

/** True when another item's path lies under this one's: it must match exactly, or it would be current everywhere. */
const isIndexOf = (item: SidebarItem, items: readonly SidebarItem[]): boolean => items.some((other) => other.to.startsWith(`${item.to}/`));

function SidebarNav({ items, label, collapsed, onNavigate }: { items: SidebarItem[]; label: string; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <Box as="nav" aria-label={label} p="2">
      <Stack as="ul" gap="1" listStyleType="none">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              h="9"
              px="2"
              rounded="md"
              color="fg.muted"
              textDecoration="none"
              _hover={{ bg: 'bg.muted', color: 'fg' }}
              _currentPage={{ bg: 'bg.emphasized', color: 'fg', fontWeight: 'semibold' }}
            >
              {/* `end` for an area's index (Shipping Labels, Dashboard: other items' paths lie under it), current only on its own path;
                  any other item is current on its pages too (a batch's own page keeps Batch Labels current). */}
              <NavLink to={item.to} end={isIndexOf(item, items)} onClick={onNavigate} title={collapsed ? item.label : undefined} {...preloadOnIntent(item.to)}>
                <Icon boxSize="5" flexShrink={0}>
                  <item.icon aria-hidden />
                </Icon>
                <Text as="span" truncate srOnly={collapsed}>
                  {item.label}
                </Text>
              </NavLink>
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The sidebar itself: a sticky column on desktop, a drawer on mobile. `label` names the nav landmark. */
export function Sidebar({ items, label }: { items: SidebarItem[]; label: string }) {
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();

  // Mounted at the first opening and kept: Chakra unmounts the drawer's content itself once closed.
  const [drawerMounted, setDrawerMounted] = useState(openMobile);
  if (openMobile && !drawerMounted) setDrawerMounted(true);

  if (isMobile) {
    return drawerMounted ? (
      <Suspense fallback={null}>
        <SidebarDrawer open={openMobile} onOpenChange={setOpenMobile} width={sidebarWidthMobile}>
          <SidebarNav items={items} label={label} collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SidebarDrawer>
      </Suspense>
    ) : null;
  }

  return (
    <Box
      as="aside"
      id={sidebarId}
      data-state={open ? 'expanded' : 'collapsed'}
      w={open ? sidebarWidth : sidebarWidthIcon}
      flexShrink={0}
      transition="width 0.2s ease"
      position="sticky"
      top="0"
      h="100dvh"
      overflowX="hidden"
      overflowY="auto"
      bg="bg.subtle"
      borderEndWidth="1px"
    >
      <Flex h="14" align="center" px="3.5">
        <Brand compact={!open} />
      </Flex>
      <SidebarNav items={items} label={label} collapsed={!open} />
    </Box>
  );
}

const preloadDrawer = () => void loadDrawer();

/** The button that opens and closes the sidebar; `aria-expanded` tells assistive tech which. */
export function SidebarTrigger() {
  const { isMobile, open, openMobile, toggle } = useSidebar();
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      aria-controls={isMobile ? undefined : sidebarId}
      title="Toggle sidebar (Ctrl+B)"
      onClick={toggle}
      {...(isMobile && { onPointerEnter: preloadDrawer, onFocus: preloadDrawer, onTouchStart: preloadDrawer })}
    >
      <LuPanelLeft />
    </IconButton>
  );
}
