import { Box, Flex, NavLink, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router-dom";
import { Page } from "../platform/page";
import { SCREEN_GROUPS, SCREENS } from "./screens";
import { SettingsTable } from "./SettingsTable";

/** /settings: a side list of every screen (001 §2.6 plus accounting); ?screen= picks one. */
export function SettingsPage() {
  const [sp] = useSearchParams();
  const screen = SCREENS.find((s) => s.key === sp.get("screen")) ?? SCREENS[0];
  return (
    <Page title="Settings">
      <Flex gap="md" align="flex-start" direction={{ base: "column", md: "row" }}>
        <Paper withBorder p={4} w={{ base: "100%", md: 250 }} style={{ flexShrink: 0 }}>
          <Box component="nav" aria-label="Settings screens">
            {SCREEN_GROUPS.map((g) => (
              <Stack gap={0} key={g.label} mb="xs">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="xs" pt={6} pb={2}>
                  {g.label}
                </Text>
                {g.keys.map((k) => {
                  const s = SCREENS.find((x) => x.key === k)!;
                  const active = s.key === screen.key;
                  return (
                    <NavLink
                      key={s.key}
                      component={Link}
                      to={`/settings?screen=${s.key}`}
                      label={s.title}
                      active={active}
                      aria-current={active ? "page" : undefined}
                      py={4}
                    />
                  );
                })}
              </Stack>
            ))}
          </Box>
        </Paper>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} component="section" aria-label={screen.title}>
          <Title order={2} size="h3">
            {screen.title}
          </Title>
          {screen.kind === "table" ? <SettingsTable key={screen.key} screen={screen} /> : <screen.component key={screen.key} />}
        </Stack>
      </Flex>
    </Page>
  );
}
