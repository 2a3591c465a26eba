import { Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { Sidebar, SidebarProvider, type SidebarItem } from '@/components/sidebar';
import { DashboardHeader } from './dashboard-header';
import { adminMenu, userMenu } from './dashboard-menus';

function DashboardLayout({ menu, label }: { menu: SidebarItem[]; label: string }) {
  return (
    <SidebarProvider>
      <SkipNavLink>Skip to content</SkipNavLink>
      <Flex minH="100dvh">
        <Sidebar items={menu} label={label} />
        <Flex direction="column" flex="1" minW="0">
          <DashboardHeader />
          <SkipNavContent as="main" flex="1" p={{ base: '4', md: '8' }}>
            <Outlet />
          </SkipNavContent>
        </Flex>
      </Flex>
    </SidebarProvider>
  );
}

export function UserDashboardLayout() {
  return <DashboardLayout menu={userMenu} label="Dashboard" />;
}

export function AdminDashboardLayout() {
  return <DashboardLayout menu={adminMenu} label="Admin" />;
}
