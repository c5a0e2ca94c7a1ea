import type { MessageKey } from './en.ts';

/** Japanese catalog: the same keys as en.ts (the type makes a missing or extra key a compile error). */
export const ja: Record<MessageKey, string> = {
  'help.title': '/vps でできること',
  'help.role': 'このワークスペースでのあなたのロール: *{role}*',
  'help.key_read_only': 'プロバイダーのAPIキーが読み取り専用のため、変更操作は全員に対して無効です。',
  'help.key_unavailable': 'プロバイダーのAPIキー情報を今は読めませんでした。変更が拒否される場合があります。',
  'help.channel_not_allowed':
    'このチャンネルでは /vps を使えません。使えるチャンネルは管理者に確認してください。',
  'help.you_can': '実行できるコマンド',
  'help.not_yours': '上位のロールが必要: {commands}',
  'help.coming': '`/hosting <サーバー名> …` はまだ使えません。',
  'help.server_ref': 'サーバーは名前・UUID・IPアドレスのいずれかで指定します。',
  'help.cmd.list':
    '`/vps list [絞り込み]` — サーバー一覧。例: `/vps list web`、`/vps list type=gpu status=suspended`',
  'help.cmd.show': '`/vps show <サーバー>` — 詳細カード。例: `/vps show db-1`',
  'help.cmd.power': '`/vps power <サーバー>` — 現在の電源状態。例: `/vps power web-1`',
  'help.cmd.logs':
    '`/vps logs [from= to= status= method= code=]` — APIキーの実行ログ。例: `/vps logs status=error from=2026-01-01`',
  'help.cmd.me': '`/vps me` — キーの有効期限、権限、あなたのロール',
  'help.cmd.audit': '`/vps audit [サーバー]` — このボットで行った最近の変更',
  'help.cmd.rename': '`/vps rename <サーバー> <新しい名前>` — 例: `/vps rename web-1 web-01`',
  'help.cmd.memo': '`/vps memo <サーバー> <テキスト>` — 例: `/vps memo db-1 本番DB`（`""` で削除）',
  'help.cmd.rdns': '`/vps rdns <サーバー> <ホスト名>` — 例: `/vps rdns web-1 www.example.com`',
  'help.cmd.signup':
    '`/vps signup` — VPSを申し込む: フォームがプロバイダーに料金を問い合わせ、承認者が確認します',
  'help.cmd.signups': '`/vps signups` — このチャンネルの最近の見積もりと注文、その状態',
  'help.cmd.approve': '承認メッセージのボタンで注文を承認・却下できます',
  'help.cmd.watch':
    '`/vps watch <サーバー|all> [#チャンネル]` — 電源状態の変化をここ（または指定先）に投稿。`/vps unwatch …` で停止',
  'help.cmd.watches': '`/vps watches [#チャンネル]` — このチャンネル（または指定先）の監視対象',
  'help.modal_hint': '新しい値を省略するとフォームで編集できます。',

  'role.none': '権限なし',
  'role.viewer': '閲覧者',
  'role.operator': 'オペレーター',
  'role.approver': '承認者',
  'role.admin': '管理者',

  'list.header': 'サーバー {count} 台',
  'list.header_filtered': '「{filter}」に一致するサーバー {count} 台',
  'list.empty': '一致するサーバーはありません。絞り込みなしの `/vps list` を試してください。',
  'list.page': '{page} / {pages} ページ',
  'list.prev': '前へ',
  'list.next': '次へ',
  'list.power_unknown': '電源状態は未取得',
  'list.power_seen': '{power}（{at} 時点）',
  'list.no_ip': 'IPなし',

  'card.title': '{name}',
  'card.type': '種別',
  'card.status': '契約状態',
  'card.plan': 'プラン',
  'card.plan_value': '{name} · vCPU {vcpu} · メモリ {memory} GB · ディスク {disk} GB',
  'card.ip': 'IPアドレス',
  'card.hostname': 'ホスト名',
  'card.rdns': '逆引きDNS',
  'card.os': 'OS',
  'card.application': 'アプリケーション',
  'card.memo': 'メモ',
  'card.power': '電源',
  'card.power_at': '電源状態の取得時刻: {at}',
  'card.none': '—',
  'card.refresh': '更新',
  'card.rename': '名前を変更',
  'card.edit_memo': 'メモを編集',
  'card.set_rdns': '逆引きDNSを設定',
  'card.memo_long': 'メモは {length} 文字あります。先頭部分のみ表示しています。',

  'power.running': '稼働中',
  'power.stopped': '停止',
  'power.processing': '処理中',
  'power.error': 'エラー',
  'power.line': '*{name}* は *{power}* です（{at} 取得）。',
  'status.active': '利用中',
  'status.suspended': '凍結中',

  'modal.name.title': 'サーバー名の変更',
  'modal.memo.title': 'メモの編集',
  'modal.rdns.title': '逆引きDNSの設定',
  'modal.submit': '保存',
  'modal.cancel': 'キャンセル',
  'modal.server': 'サーバー: *{name}*（{ip}）',
  'modal.name.label': '新しい名前',
  'modal.name.hint': '50文字以内。半角英小文字・数字・- と _ が使えます。',
  'modal.memo.label': 'メモ',
  'modal.memo.hint': '500文字以内。空にするとメモを削除します。',
  'modal.rdns.label': '逆引きホスト名',
  'modal.rdns.hint': '253文字以内。半角英数字・- と . が使えます。標準ホスト名を指定すると初期値に戻ります。',

  'announce.name': '<@{user}> がサーバー *{before}* の名前を *{after}* に変更しました。',
  'announce.memo': '<@{user}> が *{name}* のメモを変更しました: {after}',
  'announce.memo_cleared': '<@{user}> が *{name}* のメモを削除しました。',
  'announce.rdns':
    '<@{user}> が *{name}*（{ip}）の逆引きDNSを `{after}` に設定しました（変更前: `{before}`）。',
  'announce.unchanged': '*{name}* はすでにその値です。変更はありません。',

  'logs.header': 'プロバイダーAPIキーの実行ログ',
  'logs.filters': '絞り込み: {filters}',
  'logs.empty': '条件に一致するログはありません。期間を広げるか条件を減らしてください。',
  'logs.count': 'このページに {count} 件',
  'logs.more': 'さらに古いログ',
  'logs.cursor_too_long':
    'さらにログがありますが、ページ位置がボタンに収まりません。from= と to= で期間を絞ってください。',
  'logs.time_note': '時刻は {tz} で表示しています。',

  'me.title': 'プロバイダーAPIキーとあなたの権限',
  'me.expires': 'キーの有効期限: {at}',
  'me.never': 'キーに有効期限はありません。',
  'me.expired': 'キーは {at} に期限切れになりました。アカウント所有者に新しいキーの発行を依頼してください。',
  'me.vps': 'VPSの権限: *{permission}*',
  'me.service': '{service}: {permission}、{targets}',
  'me.targets_all': 'すべての対象',
  'me.targets_selected': '選択された {count} 件の対象',
  'me.signup_yes': 'このキーでVPSの新規申し込みができます。',
  'me.signup_no': 'このキーではVPSの新規申し込みはできません。',
  'me.role': 'このワークスペースでのあなたのロール: *{role}*',
  'me.read_only': 'キーが読み取り専用のため、名前・メモ・逆引きDNSの変更は無効です。',
  'permission.full': 'フル',
  'permission.read': '読み取りのみ',
  'permission.custom': 'カスタム',

  'audit.title': '最近の変更と拒否された操作',
  'audit.title_server': '*{name}* の最近の変更と拒否された操作',
  'audit.empty': 'まだ記録はありません。',
  'audit.entry': '{at} · <@{actor}> · {action} · {target} · {outcome}',
  'audit.outcome.ok': '完了',
  'audit.outcome.refused': '拒否',
  'audit.outcome.failed': '失敗',

  'coming.hosting':
    '`/hosting` はまだ使えません。今後のリリースで提供予定です。現在使える機能は `/vps help` で確認できます。',
  'modal.loading': '読み込み中…',
  'modal.saving': '保存中… プロバイダーの応答後にこの画面が更新されます。',
  'modal.done': '完了しました。',
  'modal.close': '閉じる',
  'summary.more': '…ほか {count} 件は表示していません。絞り込んでください。',

  'parse.unknown_command':
    '`{word}` というコマンドはありません。`/vps help` でコマンド一覧を確認してください。',
  'parse.bad_filter': '`{filter}` には {expected} を指定します。例: `/vps logs status=error from=2026-01-01`',
  'usage.show': '使い方: `/vps show <サーバー>`（例: `/vps show web-1`）',
  'usage.power': '使い方: `/vps power <サーバー>`（例: `/vps power web-1`）',
  'usage.rename': '使い方: `/vps rename <サーバー> <新しい名前>`（例: `/vps rename web-1 web-01`）',
  'usage.memo': '使い方: `/vps memo <サーバー> <テキスト>`（例: `/vps memo db-1 本番DB`）',
  'usage.rdns': '使い方: `/vps rdns <サーバー> <ホスト名>`（例: `/vps rdns web-1 www.example.com`）',
  'usage.logs':
    '使い方: `/vps logs [from=YYYY-MM-DD] [to=YYYY-MM-DD] [status=success|error] [method=GET] [code=404]`',
  'usage.me': '使い方: `/vps me`（引数なし）',
  'usage.audit': '使い方: `/vps audit [サーバー]`',
  'usage.signup': '使い方: `/vps signup`（引数なし）。プラン・期間・OSはフォームで選びます。',
  'usage.signups': '使い方: `/vps signups`（引数なし）',

  'error.server_not_found':
    '`{ref}` というサーバーはありません。`/vps list` で名前・UUID・IPを確認してください。',
  'error.server_not_found_similar': '`{ref}` というサーバーはありません。次のいずれかですか?',
  'error.server_ambiguous':
    '`{ref}` に一致するサーバーが {count} 台あります。正確な名前・UUID・IPで指定してください:',
  'error.role_required':
    'この操作には *{role}* ロールが必要です（あなたは *{yours}*）。管理者にオペレーターへの追加を依頼してください。',
  'error.channel_not_allowed':
    'このチャンネルでは /vps を使えません。使えるチャンネルを管理者に確認し、そちらで実行してください。',
  'error.key_read_only':
    'プロバイダーのAPIキーが読み取り専用のため、変更はできません。書き込み権限のあるキーをアカウント所有者に依頼してください。',
  'error.key_no_vps':
    'プロバイダーのAPIキーにVPSの権限がありません。アカウント所有者にVPSへのアクセス許可を依頼してください。',
  'error.target_not_in_scope': 'プロバイダーのAPIキーはこのサーバーを対象にしていません。',
  'error.invalid_field': 'その値は受け付けられません: {reason}',
  'error.already_handled': 'このリクエストは処理済みです。操作は繰り返していません。',
  'error.internal':
    'ボット側で問題が発生し、何も変更されていません。もう一度お試しください。続く場合はボットの管理者に連絡してください。',

  'field.name.required': '名前を入力してください。',
  'field.name.too_long': '名前は {limit} 文字以内で入力してください。',
  'field.name.charset': '名前には半角英小文字・数字・- と _ のみ使えます。',
  'field.memo.too_long': 'メモは {limit} 文字以内で入力してください。',
  'field.memo.required': 'メモを入力してください。',
  'field.memo.charset': 'メモに使えない文字が含まれています。',
  'field.rdns.required': 'ホスト名を入力してください。',
  'field.rdns.too_long': 'ホスト名は {limit} 文字以内で入力してください。',
  'field.rdns.charset': 'ホスト名には半角英数字・- と . のみ使えます。',
  'field.invalid': '{field} の値がプロバイダーの規則に合いません。',

  'provider.BAD_REQUEST':
    'プロバイダーがリクエストを解釈できませんでした。もう一度お試しください。続く場合はボットの管理者に連絡してください。',
  'provider.UNAUTHORIZED':
    'プロバイダーがAPIキーを拒否しました（期限切れまたは無効）。アカウント所有者に新しいキーを発行してもらい、PROVIDER_API_KEY を更新してください。',
  'provider.PAYMENT_REQUIRED':
    'プリペイド残高が不足しています。コントロールパネルで残高を追加してから再度お試しください。',
  'provider.FORBIDDEN':
    'プロバイダーのAPIキーにこの操作の権限がありません（権限、対象サーバーの限定、またはIP制限）。アカウント所有者にキーの設定変更を依頼してください。',
  'provider.NOT_FOUND':
    'プロバイダーにこのサーバーが見つかりません。`/vps list` で現在のサーバーを確認してください。',
  'provider.CAPACITY_UNAVAILABLE':
    'プロバイダーの受け入れ余力がないか、メンテナンス中です。時間をおいて再度お試しください。',
  'provider.DUPLICATE_REQUEST': '同じリクエストをプロバイダーが処理中です。少し待ってから確認してください。',
  'provider.OPERATION_ERROR':
    'サーバーの電源状態または実行中の処理のため、プロバイダーが操作を完了できませんでした。処理が終わるのを待って（`/vps power` で確認）再度お試しください。',
  'provider.VALIDATION_ERROR':
    'プロバイダーが値を受け付けませんでした。`/vps help` の規則を確認して再度お試しください。',
  'provider.PRICE_MISMATCH': '表示後に価格が変わりました。改めて見積もりを取ってください。',
  'provider.PLAN_NOT_AVAILABLE': 'そのプランまたは期間は現在申し込みできません。別のものを選んでください。',
  'provider.RATE_LIMIT_EXCEEDED':
    'プロバイダーのレート制限に達しました。{seconds} 秒後に再度お試しください。',
  'provider.RATE_LIMIT_EXCEEDED_soon':
    'プロバイダーのレート制限に達しました。1分ほどしてから再度お試しください。',
  'provider.INTERNAL_ERROR':
    'プロバイダーで内部エラーが発生しました。変更されていない可能性があります。状態を確認し、数分後に再度お試しください。',
  'provider.BACKEND_ERROR': 'プロバイダーがバックエンドと通信できませんでした。数分後に再度お試しください。',
  'provider.unknown':
    'プロバイダーがエラー（{code}）を返しました。もう一度お試しください。続く場合はボットの管理者に連絡してください。',
  'provider.network':
    'プロバイダーに接続できませんでした（タイムアウトまたはネットワーク）。変更操作だった場合は、再実行の前に `/vps show` で状態を確認してください。',
};
