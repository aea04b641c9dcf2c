import { Group, Stack, Title } from "@mantine/core";
import { useEffect, type ReactNode } from "react";

const APP = "Rentals Direct App";

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title === APP ? APP : `${title} | ${APP}`;
  }, [title]);
}

/**
 * The frame of every screen: a heading, optional actions, the content. On
 * paper a screen holding a print document shows the document only (print.css).
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" data-page-heading>
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
