import { CloseButton, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { currentNotices, hideNotice, subscribeNotices } from "./toast";

/** At most this many notices side by side in the bar (the newest first); older ones wait their turn. */
const SHOWN = 3;

/**
 * Where every notification of the product is shown (issue 24 item 3): a bar
 * of its own along the foot of the window, outside the page, so a toast can
 * never sit on a control (the job card's action bar, a work item's fields).
 * The page is given room at its foot the bar's height; modals keep the same
 * room (app.css). A notice leaves after its time even with the pointer on it.
 */
export function NoticeBar() {
  const notices = useSyncExternalStore(subscribeNotices, currentNotices, currentNotices);
  return (
    <div className="notice-bar" data-no-print aria-label="Notifications" role="region">
      {notices.slice(0, SHOWN).map((n) => (
        <div key={n.id} role="alert" className="notice" style={{ borderLeftColor: `var(--mantine-color-${n.color}-6)` }}>
          <div className="notice-text">
            <Text size="sm" fw={600} lh={1.2} truncate>
              {n.title}
            </Text>
            <Text size="xs" lh={1.25} lineClamp={2} title={n.message}>
              {n.message}
            </Text>
          </div>
          {n.closable && <CloseButton size="sm" aria-label="Close notification" onClick={() => hideNotice(n.id)} />}
        </div>
      ))}
    </div>
  );
}
