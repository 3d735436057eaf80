// Strings of the document tabs (close, reopen, drag) and of the dry-run markers: en.ts and zh-CN.ts mount them under
// "documentTabs".
export const documentTabsEn = {
  close: 'Close {{name}}',
  closeTitle: 'Close {{name}} (middle-click works too; Reopen brings it back)',
  reopen: 'Reopen {{name}}',
  reopenTitle: 'Bring back the document closed last, with its text, where it was',
  dragHint: 'Drag to reorder; the ◀ ▶ buttons move the active tab from the keyboard',
  pathHint: 'A name with / puts the document in a folder: overlays/prod/kustomization.yaml is read by kubectl apply -k overlays/prod',
  pathPlaceholder: 'folder/name.yaml',
};

export const documentTabsZhCN: typeof documentTabsEn = {
  close: '关闭 {{name}}',
  closeTitle: '关闭 {{name}}（也可用鼠标中键；“重新打开”可恢复）',
  reopen: '重新打开 {{name}}',
  reopenTitle: '恢复最近关闭的文档，连同其内容，放回原来的位置',
  dragHint: '拖动以调整顺序；键盘可用 ◀ ▶ 按钮移动当前标签',
  pathHint: '名称中的 / 表示文件夹：overlays/prod/kustomization.yaml 可由 kubectl apply -k overlays/prod 读取',
  pathPlaceholder: '文件夹/名称.yaml',
};
