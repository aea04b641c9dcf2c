export { useListController, DEFAULT_PAGE_SIZE, type ListController, type ListControllerOptions } from "./useListController";
export { ListPager, ListSearch, ListTable, ListTabs, type Column } from "./ListParts";
