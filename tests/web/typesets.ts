/** Typesettings as the API answers them, for pages that show one. */

/** A finished, unpaid typesetting of the demo manuscript as the API answers it (its pages not drawn, no order open), with `changes`. */
export const doneTypeset = (changes: Record<string, unknown>) => ({
  id: 'ts-done',
  templateId: 'general-bachelor',
  templateName: '通用本科毕业论文',
  title: '县域中学课后服务研究',
  fields: {},
  manuscriptName: '初稿.docx',
  status: 'done',
  progress: 100,
  warnings: [],
  priceFen: 1990,
  paid: false,
  refunded: false,
  orderOpen: false,
  previewPages: 0,
  previewUnavailable: '暂时无法预览',
  pdf: true,
  orderId: null,
  failureReason: null,
  createdAt: new Date().toISOString(),
  ...changes,
});
