export { useListController, listParamsOf, listQueryOf, DEFAULT_PAGE_SIZE, type ListController, type ListControllerOptions } from "./useListController";
export { ListColumnFilter, ListColumnText, DepartmentSelect, ListDepartmentFilter, ListPager, ListRecordFilter, ListSearch, ListTable, ListTabs, ListToolbar, type Column, type FilterOption } from "./ListParts";
