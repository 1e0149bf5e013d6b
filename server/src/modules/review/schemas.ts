import { Type } from '@sinclair/typebox';
import { Nullable, Ok, OneOf, OptionalPaperText, Page, PageQuery, PaperText, PriceBreakdown } from '../shared/schemas';

export const ReviewSystem = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    pricePerThousandFen: Type.Integer(),
    minMatch: Type.Integer(),
    corpora: Type.Array(Type.String()),
    maxChars: Type.Integer(),
    turnaround: Type.String(),
  },
  { additionalProperties: false },
);

export const ReviewStatus = OneOf(['unpaid', 'queued', 'running', 'done', 'failed']);

export const Review = Type.Object(
  {
    id: Type.String(),
    systemId: Type.String(),
    systemName: Type.String(),
    title: Type.String(),
    author: Type.String(),
    school: Nullable(Type.String()),
    major: Nullable(Type.String()),
    charCount: Type.Integer(),
    amountFen: Type.Integer(),
    status: ReviewStatus,
    /** 0–100 while checking */
    progress: Type.Integer(),
    orderId: Nullable(Type.String()),
    /** the state of that order: an unpaid review whose order was cancelled or expired is not payable */
    orderStatus: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('closed'), Type.Literal('refunded'), Type.Null()]),
    /** 0–1 once done */
    similarity: Nullable(Type.Number()),
    failureReason: Nullable(Type.String()),
    verificationCode: Nullable(Type.String()),
    fileName: Nullable(Type.String()),
    paperDeleted: Type.Boolean(),
    createdAt: Type.String(),
    paidAt: Nullable(Type.String()),
    finishedAt: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

/** The paper: an upload's id, or pasted text (or, for a price, the paper of an unpaid review of one's own). */
const Paper = {
  uploadId: Type.Optional(Type.String({ maxLength: 32 })),
  reviewId: Type.Optional(Type.String({ maxLength: 32 })),
  text: OptionalPaperText('text'),
};

export const QuoteBody = Type.Object({ systemId: Type.String({ maxLength: 32, errorMessage: '请选择检测系统' }), ...Paper });

export const ReviewBody = Type.Object({
  systemId: Type.String({ minLength: 1, maxLength: 32, errorMessage: '请选择检测系统' }),
  title: PaperText('title'),
  author: PaperText('author'),
  school: OptionalPaperText('school'),
  major: OptionalPaperText('major'),
  ...Paper,
  /** the amount the form showed, in fen: a different price now is refused (409 PRICE_CHANGED) */
  quotedFen: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '价格有误，请刷新后重试' })),
});

export const ReviewParams = Type.Object({ reviewId: Type.String({ maxLength: 32 }) });
// room for a code typed with spaces between its groups
export const CodeParams = Type.Object({ code: Type.String({ maxLength: 40 }) });
export const ReviewListQuery = Type.Object({ ...PageQuery });

// title: for pasted text, one read from it (common/paperTitle.ts); null otherwise
export const Quote = Type.Object({
  systemId: Type.String(),
  charCount: Type.Integer(),
  amountFen: Type.Integer(),
  price: PriceBreakdown,
  title: Nullable(Type.String()),
});
export const Upload = Type.Object({
  uploadId: Type.String(),
  fileName: Type.String(),
  charCount: Type.Integer(),
  /** the title the paper's first line gives, to fill the form with */
  title: Nullable(Type.String()),
});

const Figure = { totalChars: Type.Integer(), matchedChars: Type.Integer(), similarity: Type.Number() };
export const ReportBody = Type.Object({
  review: Review,
  /** the checked text; null once the paper is deleted */
  text: Nullable(Type.String()),
  ...Figure,
  excludingQuotes: Type.Object(Figure),
  chapters: Type.Array(Type.Object({ title: Type.String(), start: Type.Integer(), end: Type.Integer(), ...Figure })),
  sources: Type.Array(
    Type.Object({ sourceId: Type.String(), title: Type.String(), detail: Type.String(), matchedChars: Type.Integer(), share: Type.Number() }),
  ),
  passages: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      start: Type.Integer(),
      end: Type.Integer(),
      sourceStart: Type.Integer(),
      sourceEnd: Type.Integer(),
      sourceText: Type.String(),
      chars: Type.Integer(),
    }),
  ),
});

export const Verification = Type.Object({
  title: Type.String(),
  systemName: Type.String(),
  finishedAt: Type.String(),
  similarity: Type.Number(),
  charCount: Type.Integer(),
});

export const SystemsReply = Ok(Type.Array(ReviewSystem));
export const UploadReply = Ok(Upload);
export const QuoteReply = Ok(Quote);
export const CreatedReply = Ok(Type.Object({ review: Review, orderId: Type.String() }));
export const ReviewReply = Ok(Review);
export const ReviewListReply = Ok(Page(Review));
export const ReportReply = Ok(ReportBody);
export const VerificationReply = Ok(Verification);
