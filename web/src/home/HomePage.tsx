import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useList } from "../platform/api";
import { LinksGrid } from "../links/LinksGrid";
import { Dashboard } from "./Dashboard";
import { CompliancePanel } from "./CompliancePanel";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";

type QuickLink = { id: number; title: string | null; url: string | null; last_saved: string | null };

export function HomePage() {
  const quick = useList<QuickLink>("quicklink", { page_size: 50 });
  return (
    <Page title="Rentals Direct App">
      <Dashboard />
      <CompliancePanel />
      <Paper withBorder p="sm" component="section" aria-label="Quick Links">
        <Title order={2} size="h5" mb="xs">
          Quick Links
        </Title>
        {quick.isLoading ? (
          <Loading />
        ) : (quick.data?.results.length ?? 0) === 0 ? (
          <Text size="sm" c="dimmed">
            No quick links yet. Add them in Settings, Quick Links.
          </Text>
        ) : (
          <Stack gap={4}>
            {quick.data!.results.map((q) => (
              <Anchor key={q.id} href={q.url ?? undefined} target="_blank" rel="noopener noreferrer" size="sm">
                {q.title}
              </Anchor>
            ))}
          </Stack>
        )}
      </Paper>
      <LinksGrid />
    </Page>
  );
}
