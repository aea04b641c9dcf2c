import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "react-router-dom";

type Props = {
  /** What is shown instead of the children that failed to draw; `retry` draws them again. */
  fallback: (retry: () => void) => ReactNode;
  /** A change of this value draws the children again (the page's address: a new screen starts clean). */
  resetKey?: unknown;
  children?: ReactNode;
};

/**
 * The one error boundary: a render error below it (an answer of an
 * unexpected shape, a figure that cannot be worked out) shows a plain
 * message in its place instead of unmounting the whole app. State held
 * above it (the form's values) is untouched.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // For whoever looks at the browser console; staff see the plain message only.
    console.error("A part of the screen failed to draw", error, info.componentStack);
  }

  componentDidUpdate(prev: Props) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  retry = () => this.setState({ failed: false });

  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

/** Around each routed page (AppLayout): a plain message and a way back; the navigation bar stays. */
export function PageErrorBoundary({ resetKey, children }: { resetKey: unknown; children: ReactNode }) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      fallback={(retry) => (
        <Stack gap="md" role="alert" aria-label="This screen could not be shown">
          <Title order={1} size="h2">
            This screen could not be shown
          </Title>
          <Text>Something on this screen went wrong while it was being drawn. Nothing has been saved or changed by it.</Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => window.history.back()}>
              Go back
            </Button>
            <Button variant="light" onClick={retry}>
              Try again
            </Button>
            <Anchor component={Link} to="/">
              Go to the home page
            </Anchor>
          </Group>
        </Stack>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around one section of a form (FormSection and the screens' own panels):
 * when the section fails to draw, the rest of the form, and everything
 * typed in it, stays; the section says so and can be drawn again.
 */
export function SectionErrorBoundary({ name, children }: { name?: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(retry) => (
        <Alert color="red" variant="light" role="alert" title={name ? `${name} could not be shown` : "This section could not be shown"}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">The rest of the form and what you have typed are kept.</Text>
            <Button size="compact-sm" variant="default" onClick={retry}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
