import { Box, Burger, Button, Drawer, Group, Menu, NavLink as MantineNavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { useList } from "../api";
import { useLogout, useMe } from "../auth";
import { buildNav, isActive, type NamedRecord, type NavEntry } from "./nav";

function Chevron() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
      <path d="M1.5 3.5 L5 7 L8.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function useNavEntries() {
  const me = useMe();
  const centres = useList<NamedRecord & { last_saved: string | null }>("costcentre", { page_size: 1000 });
  const quick = useList<NamedRecord & { last_saved: string | null }>("quicklink", { page_size: 50 });
  return {
    me: me.data,
    entries: buildNav({ costCentres: centres.data?.results ?? [], quickLinks: quick.data?.results ?? [], showContacts: !!me.data }),
  };
}

function DesktopEntry({ entry, active }: { entry: NavEntry; active: boolean }) {
  const variant = active ? "light" : "subtle";
  if (!("items" in entry))
    return (
      <Button component={Link} to={entry.to} size="compact-sm" variant={variant} color={active ? "blue" : "gray"} aria-current={active ? "page" : undefined} fw={500}>
        {entry.label}
      </Button>
    );
  return (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant={variant} color={active ? "blue" : "gray"} rightSection={<Chevron />} aria-current={active ? "page" : undefined} fw={500}>
          {entry.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entry.items.length === 0 && <Menu.Item disabled>{entry.emptyText ?? "Nothing here yet"}</Menu.Item>}
        {entry.items.map((i) =>
          i.external ? (
            <Menu.Item key={`${i.label}-${i.to}`} component="a" href={i.to} target="_blank" rel="noopener noreferrer">
              {i.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={`${i.label}-${i.to}`} component={Link} to={i.to}>
              {i.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function MobileEntry({ entry, active, onNavigate }: { entry: NavEntry; active: boolean; onNavigate: () => void }) {
  if (!("items" in entry)) return <MantineNavLink component={Link} to={entry.to} label={entry.label} active={active} onClick={onNavigate} />;
  return (
    <MantineNavLink label={entry.label} active={active} defaultOpened={active}>
      {entry.items.length === 0 && <MantineNavLink label={entry.emptyText ?? "Nothing here yet"} disabled />}
      {entry.items.map((i) =>
        i.external ? (
          <MantineNavLink key={`${i.label}-${i.to}`} component="a" href={i.to} target="_blank" rel="noopener noreferrer" label={i.label} />
        ) : (
          <MantineNavLink key={`${i.label}-${i.to}`} component={Link} to={i.to} label={i.label} onClick={onNavigate} />
        ),
      )}
    </MantineNavLink>
  );
}

/** The top bar: every entry of 001 §2.2, the user's name and Log out; a burger on small screens. */
export function NavBar() {
  const { me, entries } = useNavEntries();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  useEffect(() => close(), [pathname, close]);

  const userMenu = (
    <Menu shadow="md" position="bottom-end">
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<Chevron />} aria-label={me ? `Account: ${me.given_name}` : "Account"}>
          {me?.given_name ?? "..."}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {me && <Menu.Label>{me.email}</Menu.Label>}
        <Menu.Item color="red" onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Box component="header" px="sm" py={6} style={{ position: "sticky", top: 0, zIndex: 100, background: "var(--mantine-color-body)", borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        <Group gap="xs" wrap="nowrap" align="center" style={{ minWidth: 0, flex: 1 }}>
          <Burger opened={opened} onClick={toggle} hiddenFrom="lg" size="sm" aria-label={opened ? "Close navigation" : "Open navigation"} />
          <Text fw={700} size="sm" c="blue.8" style={{ whiteSpace: "nowrap" }}>
            Rentals Direct
          </Text>
          <Box component="nav" aria-label="Main" visibleFrom="lg" style={{ minWidth: 0 }}>
            <Group gap={2} wrap="wrap">
              {entries.map((e) => (
                <DesktopEntry key={e.label} entry={e} active={isActive(e, pathname)} />
              ))}
            </Group>
          </Box>
        </Group>
        {userMenu}
      </Group>
      <Drawer opened={opened} onClose={close} title="Menu" size="xs" hiddenFrom="lg">
        <ScrollArea>
          <Stack gap={0} component="nav" aria-label="Main menu">
            {entries.map((e) => (
              <MobileEntry key={e.label} entry={e} active={isActive(e, pathname)} onNavigate={close} />
            ))}
          </Stack>
        </ScrollArea>
      </Drawer>
    </Box>
  );
}
