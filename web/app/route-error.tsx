import { Button, Container, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';

/**
 * Shown when a page throws or its code fails to load. After a deploy an open tab asks for chunks
 * that no longer exist; a reload fetches the new ones.
 */
export function RouteError() {
  return (
    <Container as="main" maxW="md" py="16">
      <PageTitle>Something went wrong</PageTitle>
      <Text mb="6">The page could not be shown. Reloading usually fixes this.</Text>
      <Button colorPalette="blue" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}

interface BoundaryProps {
  /** The location's key: a navigation clears the error, as the data router's error boundary did. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what any page or layout throws, lazy-load failures included, and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string | null }> {
  override state = { error: undefined as unknown, key: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string | null }) {
    if (state.key === null) return { key: props.resetKey };
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}
