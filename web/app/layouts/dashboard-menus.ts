import {
  LuScrollText,
  LuShieldCheck,
  LuArrowDownToLine,
  LuCircleHelp,
  LuLayers,
  LuKeyRound,
  LuLayoutDashboard,
  LuLifeBuoy,
  LuMapPin,
  LuPackage,
  LuPackageSearch,
  LuReceipt,
  LuScale,
  LuTruck,
  LuTag,
  LuUser,
  LuUsers,
  LuUsersRound,
  LuWallet,
  LuWebhook,
} from 'react-icons/lu';
import type { SidebarItem } from '@/components/sidebar';
import { paths } from '@/lib/paths';

/** The user area's sidebar, in the spec's order (SPEC section 2), with Adjustments beside the wallet they are paid from and Saved Packages beside the addresses. */
export const userMenu: SidebarItem[] = [
  { label: 'Shipping Labels', to: paths.user.labels, icon: LuTag },
  { label: 'Batch Labels', to: paths.user.batchLabels, icon: LuLayers },
  { label: 'Account Wallet', to: paths.user.wallet, icon: LuWallet },
  { label: 'Adjustments', to: paths.user.adjustments, icon: LuScale },
  { label: 'Shipping Day', to: paths.user.shippingDay, icon: LuTruck },
  { label: 'Track Package', to: paths.user.tracking, icon: LuPackageSearch },
  { label: 'Manage Addresses', to: paths.user.addresses, icon: LuMapPin },
  { label: 'Saved Packages', to: paths.user.packages, icon: LuPackage },
  { label: 'Webhooks', to: paths.user.webhooks, icon: LuWebhook },
  { label: 'Profile', to: paths.user.profile, icon: LuUser },
  { label: 'API Keys', to: paths.user.apiKeys, icon: LuKeyRound },
  { label: 'Team', to: paths.user.team, icon: LuUsersRound },
  { label: 'FAQ', to: paths.user.faq, icon: LuCircleHelp },
  { label: 'Support', to: paths.user.support, icon: LuLifeBuoy },
];

export const adminMenu: SidebarItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LuLayoutDashboard },
  { label: 'Users', to: paths.admin.users, icon: LuUsers },
  { label: 'Transactions', to: paths.admin.transactions, icon: LuReceipt },
  { label: 'Withdrawals', to: paths.admin.withdrawals, icon: LuArrowDownToLine },
  { label: 'Approvals', to: paths.admin.approvals, icon: LuShieldCheck },
  { label: 'Audit', to: paths.admin.audit, icon: LuScrollText },
  { label: 'FAQ', to: paths.admin.faq, icon: LuCircleHelp },
  { label: 'Support', to: paths.admin.support, icon: LuLifeBuoy },
];
