/**
 * The provider's error model: `{"error":{"code","message","errors"?}}` with a
 * Japanese `message` (docs/provider-api.md, Error body). Handlers throw ApiError; the server
 * turns it into that body.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYMENT_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CAPACITY_UNAVAILABLE'
  | 'DUPLICATE_REQUEST'
  | 'OPERATION_ERROR'
  | 'VALIDATION_ERROR'
  | 'PRICE_MISMATCH'
  | 'PLAN_NOT_AVAILABLE'
  | 'RATE_LIMIT_EXCEEDED'
  | 'INTERNAL_ERROR'
  | 'BACKEND_ERROR';

const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CAPACITY_UNAVAILABLE: 409,
  DUPLICATE_REQUEST: 409,
  OPERATION_ERROR: 409,
  VALIDATION_ERROR: 422,
  PRICE_MISMATCH: 422,
  PLAN_NOT_AVAILABLE: 422,
  RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  BACKEND_ERROR: 502,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: 'リクエストが不正です。',
  UNAUTHORIZED: '認証に失敗しました。APIキーを確認してください。',
  PAYMENT_REQUIRED: 'プリペイド残高が不足しています。',
  FORBIDDEN: 'この操作を行う権限がありません。',
  NOT_FOUND: '指定されたリソースが見つかりません。',
  CAPACITY_UNAVAILABLE: '現在このプランはお申し込みを受け付けていません。',
  DUPLICATE_REQUEST: '同一のリクエストを処理中です。しばらくしてから再度お試しください。',
  OPERATION_ERROR: 'サーバーの状態により操作を完了できませんでした。',
  VALIDATION_ERROR: '入力内容に誤りがあります。',
  PRICE_MISMATCH: '料金が変更されています。最新の料金を確認してください。',
  PLAN_NOT_AVAILABLE: '指定されたプランまたは契約期間はお申し込みできません。',
  RATE_LIMIT_EXCEEDED: 'リクエスト数が上限を超えました。しばらくしてから再度お試しください。',
  INTERNAL_ERROR: 'サーバー内部でエラーが発生しました。',
  BACKEND_ERROR: 'バックエンドとの通信でエラーが発生しました。',
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: string[] | undefined;

  constructor(code: ErrorCode, message?: string, errors?: string[]) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.code = code;
    this.status = STATUS_OF[code];
    this.errors = errors && errors.length > 0 ? errors : undefined;
  }

  body(): { error: { code: string; message: string; errors?: string[] } } {
    return {
      error: { code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) },
    };
  }
}

function isErrorCode(s: string): s is ErrorCode {
  return s in STATUS_OF;
}

/** Body for an arbitrary status (fault injection): the code that status maps to, else INTERNAL_ERROR. */
export function errorBodyFor(status: number, code?: string): { error: { code: string; message: string } } {
  if (code && isErrorCode(code)) return { error: { code, message: DEFAULT_MESSAGE[code] } };
  const found = (Object.keys(STATUS_OF) as ErrorCode[]).find((c) => STATUS_OF[c] === status);
  const c = code ?? found ?? 'INTERNAL_ERROR';
  const message = isErrorCode(c) ? DEFAULT_MESSAGE[c] : 'エラーが発生しました。';
  return { error: { code: c, message } };
}

export const validationError = (errors: string[]): ApiError =>
  new ApiError('VALIDATION_ERROR', DEFAULT_MESSAGE.VALIDATION_ERROR, errors);
