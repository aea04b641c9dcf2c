import { Page } from "../platform/page";
import { LinksGrid } from "./LinksGrid";

export function AllLinksPage() {
  return (
    <Page title="Links">
      <LinksGrid />
    </Page>
  );
}
