import { Box, Flex, NativeSelect, NavLink, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Page } from "../platform/page";
import { SCREEN_GROUPS, SCREENS } from "./screens";
import { SettingsTable } from "../platform/table";

/** /settings: a side list of every screen (001 §2.6 plus accounting); ?screen= picks one. */
export function SettingsPage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const screen = SCREENS.find((s) => s.key === sp.get("screen")) ?? SCREENS[0];
  return (
    <Page title="Settings">
      <Flex gap="md" align="flex-start" direction={{ base: "column", md: "row" }}>
        {/* Small screens: a picker instead of the long side list. */}
        <NativeSelect
          hiddenFrom="md"
          w="100%"
          label="Settings screen"
          value={screen.key}
          onChange={(e) => navigate(`/settings?screen=${e.currentTarget.value}`)}
          data={SCREEN_GROUPS.map((g) => ({ group: g.label, items: g.keys.map((k) => ({ value: k, label: SCREENS.find((x) => x.key === k)!.title })) }))}
        />
        <Paper withBorder p={4} w={250} visibleFrom="md" style={{ flexShrink: 0 }}>
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
