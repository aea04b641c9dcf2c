export { useListController, DEFAULT_PAGE_SIZE, type ListController, type ListControllerOptions } from "./useListController";
export { ListColumnFilter, ListPager, ListRecordFilter, ListSearch, ListTable, ListTabs, type Column, type FilterOption } from "./ListParts";
