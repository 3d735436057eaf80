// Why a share link or file is refused, in English and Simplified Chinese. The codec throws a ShareError with one of
// these keys and its parameters; en.ts and zh-CN.ts mount the tables under "shareErrors" for the page.
export const shareErrorsEn = {
  where: { link: 'link', file: 'file' },
  badChars: 'The link is damaged: it contains characters a share link never has (was it cut or edited?).',
  incomplete: 'The link is damaged: it is not complete (was it cut off?).',
  empty: 'The link is damaged: it is empty.',
  unknownFormat: 'The link is damaged: unknown format {{format}}.',
  cutOff: 'The link is damaged: its compressed content ends too early (was it cut off?).',
  cannotUnpack: 'The link is damaged: its compressed content cannot be unpacked.',
  notText: 'The link is damaged: its content is not text.',
  unpackedTooLarge: 'The link is too large: its content is over {{limit}} once unpacked.',
  linkTooLarge: 'The link is too large ({{size}}, at most {{limit}}).',
  tooLargeForLink: 'This is too large for a link ({{size}}, at most {{limit}}): export it as a file instead.',
  fileTooLarge: 'The file is too large ({{size}}, at most {{limit}}).',
  fileVersion: 'The file is damaged: its format version is missing or unknown.',
  newer: 'The {{where}} was made by a newer kubesim (format {{format}}; this one reads format {{reads}}).',
  notJson: 'The {{where}} is damaged: its content is not valid JSON.',
  notShare: 'The {{where}} is not a kubesim share: {{what}}.',
  what: {
    notObject: 'its content is not an object',
    unknownField: 'it has an unknown field "{{field}}"',
    noScenario: 'the scenario is missing',
    documents: 'documents must be a list of at most 100 documents',
    document: 'documents[{{index}}] must have a name and a text',
    sameName: 'two documents have the same name',
    snapshot: 'its cluster snapshot is malformed',
    operators: 'operators must be a list of at most {{max}} operators',
    operator: 'operators[{{index}}] must have a name, a kind, the kinds it owns, a language (javascript or typescript) and at most {{limit}} of code',
  },
};

export const shareErrorsZhCN: typeof shareErrorsEn = {
  where: { link: '链接', file: '文件' },
  badChars: '链接已损坏：其中有分享链接不会包含的字符（是否被截断或改动过？）。',
  incomplete: '链接已损坏：内容不完整（是否被截断了？）。',
  empty: '链接已损坏：内容为空。',
  unknownFormat: '链接已损坏：未知的格式 {{format}}。',
  cutOff: '链接已损坏：压缩内容提前结束（是否被截断了？）。',
  cannotUnpack: '链接已损坏：压缩内容无法解压。',
  notText: '链接已损坏：内容不是文本。',
  unpackedTooLarge: '链接太大：解压后内容超过 {{limit}}。',
  linkTooLarge: '链接太大（{{size}}，最多 {{limit}}）。',
  tooLargeForLink: '内容太大，无法做成链接（{{size}}，最多 {{limit}}）：请改为导出文件。',
  fileTooLarge: '文件太大（{{size}}，最多 {{limit}}）。',
  fileVersion: '文件已损坏：格式版本缺失或未知。',
  newer: '此{{where}}由更新版本的 kubesim 生成（格式 {{format}}；当前版本只能读取格式 {{reads}}）。',
  notJson: '{{where}}已损坏：内容不是有效的 JSON。',
  notShare: '此{{where}}不是 kubesim 分享：{{what}}。',
  what: {
    notObject: '内容不是一个对象',
    unknownField: '含有未知字段 "{{field}}"',
    noScenario: '缺少场景',
    documents: 'documents 必须是最多 100 个文档的列表',
    document: 'documents[{{index}}] 必须有 name 和 text',
    sameName: '有两个文档同名',
    snapshot: '集群快照格式不正确',
    operators: 'operators 必须是最多 {{max}} 个 operator 的列表',
    operator: 'operators[{{index}}] 必须有 name、kind、所管理的 kind 列表、language（javascript 或 typescript），代码最多 {{limit}}',
  },
};

export type ShareErrorCode = Exclude<keyof typeof shareErrorsEn, 'where' | 'what'>;
export type ShareWhatCode = keyof typeof shareErrorsEn.what;
export type ShareParams = Record<string, string | number>;

/** A translation function over one of the tables above ("notShare", "what.unknownField", …). */
export type ShareTranslate = (key: string, params: ShareParams) => string;

/** The English table as a ShareTranslate (the codec's own messages). */
export function englishShareText(key: string, params: ShareParams): string {
  const [head, tail] = key.split('.');
  const table = shareErrorsEn as unknown as Record<string, string | Record<string, string>>;
  const text = tail === undefined ? table[head] : (table[head] as Record<string, string>)[tail];
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}
