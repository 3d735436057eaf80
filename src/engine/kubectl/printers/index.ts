// kubectl's output printers: tables (get), describe, and the machine formats (-o yaml/json/name).
export { humanDuration, shortHumanDuration } from './duration.ts';
export { printTable, noResourcesMessage, tableHeaders, type TableOptions } from './table.ts';
export { toYaml, toJson, toName, toList, type EncodeOptions, type KubeList } from './format.ts';
export { describe, type DescribeContext } from './describe.ts';
export { summarizePod, type PodRowSummary } from './podstatus.ts';
export { tabwrite, TABLE_TABWRITER, DESCRIBE_TABWRITER, type TabwriterOptions } from './tabwriter.ts';
export { formatLabels } from './labelmap.ts';
export { formatRFC1123Z, translateTimestampSince } from './time.ts';
