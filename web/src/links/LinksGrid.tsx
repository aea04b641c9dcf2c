import { Button, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { LINK_GROUPS } from "./links";

/** Buttons grouped as on the links page (003 §2). */
export function LinksGrid() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm">
      {LINK_GROUPS.map((g) => (
        <Paper key={g.title} withBorder p="sm" component="section" aria-label={g.title}>
          <Title order={2} size="h5" mb="xs">
            {g.title}
          </Title>
          <Stack gap={6}>
            {g.links.map((l) => (
              <Button key={l.to} component={Link} to={l.to} variant="light" size="xs" fullWidth justify="flex-start">
                {l.label}
              </Button>
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
