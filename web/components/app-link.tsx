import { createContext, createElement, useContext, type ComponentPropsWithRef, type ComponentType } from 'react';

/** What a link inside the app needs: where to go and, for in-app navigation, the state to carry. */
export interface AppLinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  to: string;
  state?: unknown;
}

/**
 * A plain anchor: a full page load. The prerendered landing page hydrates without the router (its
 * entry stays small, docs/performance.md), so its links load the next page, itself prerendered;
 * navigation state has nothing to ride on there and is dropped.
 */
function DocumentLink({ to, state: _state, children, ...rest }: AppLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

const LinkComponent = createContext<ComponentType<AppLinkProps>>(DocumentLink);

/** The SPA provides the router's Link here (web/app/router.tsx); without a provider links are plain anchors. */
export const AppLinkProvider = LinkComponent.Provider;

/**
 * The link of the pages shared by the SPA and the landing entry (the public frame, the landing page,
 * the logo): the router's Link inside the SPA, a plain anchor in the landing entry. Use it with
 * Chakra's `asChild` like the router's Link.
 */
export function AppLink(props: AppLinkProps) {
  // The context holds one component for the life of the app, not one made per render.
  return createElement(useContext(LinkComponent), props);
}

/**
 * The protected page a guard turned the visitor away from (web/lib/navigation-state.ts), for the
 * public pages' Sign In and Get Started links to carry on to sign-in. The SPA's public layout
 * provides it from the router's location; the landing entry has no router and none to carry.
 */
const ReturnPath = createContext<string | undefined>(undefined);
export const ReturnPathProvider = ReturnPath.Provider;
export const useReturnPath = (): string | undefined => useContext(ReturnPath);
