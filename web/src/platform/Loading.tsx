import { Center, Group, Loader, Text } from "@mantine/core";

/** Shown until a page's data has loaded (003 §8). */
export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}
