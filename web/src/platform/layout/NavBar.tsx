import { Box, Burger, Button, Drawer, Group, Menu, NavLink as MantineNavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useList } from "../api";
import { useLogout, useMe } from "../auth";
import { buildNav, isActive, type NamedRecord, type NavEntry, type NavLinkItem } from "./nav";

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

/** The bar's buttons: one size for the entries, More and the measuring row, so measured widths are real. */
const ENTRY = { size: "compact-sm", fz: 13, px: 7, fw: 500, styles: { section: { marginInlineStart: 4 } } } as const;
/** Space between entries, px. */
const GAP = 2;

function MenuItems({ items, emptyText }: { items: NavLinkItem[]; emptyText?: string }) {
  return (
    <>
      {items.length === 0 && <Menu.Item disabled>{emptyText ?? "Nothing here yet"}</Menu.Item>}
      {items.map((i) =>
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
    </>
  );
}

function DesktopEntry({ entry, active }: { entry: NavEntry; active: boolean }) {
  const variant = active ? "light" : "subtle";
  if (!("items" in entry))
    return (
      <Button component={Link} to={entry.to} {...ENTRY} variant={variant} color={active ? "blue" : "gray"} aria-current={active ? "page" : undefined}>
        {entry.label}
      </Button>
    );
  return (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        <Button {...ENTRY} variant={variant} color={active ? "blue" : "gray"} rightSection={<Chevron />} aria-current={active ? "page" : undefined}>
          {entry.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <MenuItems items={entry.items} emptyText={entry.emptyText} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The entries that do not fit on the bar's one line, in order: plain ones as items, dropdowns as labelled groups. */
function MoreEntry({ entries, pathname }: { entries: NavEntry[]; pathname: string }) {
  const active = entries.some((e) => isActive(e, pathname));
  return (
    <Menu shadow="md" position="bottom-end" withinPortal>
      <Menu.Target>
        <Button {...ENTRY} variant={active ? "light" : "subtle"} color={active ? "blue" : "gray"} rightSection={<Chevron />} aria-current={active ? "page" : undefined}>
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((e, n) =>
          "items" in e ? (
            <div key={e.label} role="group" aria-label={e.label}>
              {n > 0 && <Menu.Divider />}
              <Menu.Label>{e.label}</Menu.Label>
              <MenuItems items={e.items} emptyText={e.emptyText} />
            </div>
          ) : (
            <Menu.Item key={e.label} component={Link} to={e.to} aria-current={isActive(e, pathname) ? "page" : undefined}>
              {e.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * How many entries fit on one line of the bar (001 §2.2 lists twenty; at
 * 1366 px they do not all fit). The rest go, in order, under More. Widths
 * come from a hidden row of the same buttons, measured again whenever the
 * bar or the row changes size.
 */
function useEntriesThatFit(count: number) {
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(count);
  useLayoutEffect(() => {
    const bar = barRef.current;
    const row = measureRef.current;
    if (!bar || !row) return;
    const measure = () => {
      const buttons = [...row.children] as HTMLElement[];
      const widths = buttons.slice(0, count).map((b) => b.offsetWidth + GAP);
      const more = buttons[count]?.offsetWidth ?? 0;
      const available = bar.clientWidth;
      if (widths.reduce((a, b) => a + b, 0) <= available) return setFit(count);
      let used = more;
      let n = 0;
      while (n < count && used + widths[n] <= available) used += widths[n++];
      setFit(n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    observer.observe(row);
    return () => observer.disconnect();
  }, [count]);
  return { barRef, measureRef, fit };
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
  const { barRef, measureRef, fit } = useEntriesThatFit(entries.length);
  const shown = entries.slice(0, fit);
  const overflow = entries.slice(fit);
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
          <Box component="nav" aria-label="Main" visibleFrom="lg" ref={barRef} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={GAP} wrap="nowrap">
              {shown.map((e) => (
                <DesktopEntry key={e.label} entry={e} active={isActive(e, pathname)} />
              ))}
              {overflow.length > 0 && <MoreEntry entries={overflow} pathname={pathname} />}
            </Group>
          </Box>
        </Group>
        {userMenu}
      </Group>
      {/* The measuring row: every entry and More as the bar draws them, never seen or reachable. */}
      <Group ref={measureRef} gap={GAP} wrap="nowrap" aria-hidden inert visibleFrom="lg" style={{ position: "absolute", top: 0, left: 0, width: "max-content", visibility: "hidden", pointerEvents: "none", height: 0, overflow: "hidden" }}>
        {entries.map((e) => (
          <Button key={e.label} component="span" {...ENTRY} variant="subtle" rightSection={"items" in e ? <Chevron /> : undefined}>
            {e.label}
          </Button>
        ))}
        <Button component="span" {...ENTRY} variant="subtle" rightSection={<Chevron />}>
          More
        </Button>
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
