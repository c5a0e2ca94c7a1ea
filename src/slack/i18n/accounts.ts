/**
 * Several provider accounts: `/vps accounts`, `/vps account use <name>`, and
 * the refusals of a channel that works on no account or of a binding the
 * policy file already makes.
 */
import { catalog } from './catalog.ts';

const en = {
  'help.cmd.accounts':
    '`/vps accounts` — the provider accounts this bot serves: each key’s health and expiry, what it covers, its channels and today’s requests',
  'help.cmd.bind_channel':
    '`/vps account use <name>` — make this channel work on that provider account, e.g. `/vps account use shop`',
  'usage.accounts': 'Usage: `/vps accounts` (no arguments).',
  'usage.account':
    'Usage: `/vps account use <name>` in the channel to bind, e.g. `/vps account use shop`; `/vps accounts` lists the names.',

  'accounts.title': 'Provider accounts',
  'accounts.name': '*{label}* `{name}`',
  'accounts.default': '_Channels bound to no account work on this one._',
  'accounts.key': '*Key:* {health}; {expiry}',
  'accounts.key.ok': 'works',
  'accounts.key.unchecked': 'not checked yet',
  'accounts.key.expired': 'past its expiry date (the provider may refuse it at any moment)',
  'accounts.key.forbidden':
    'the provider refuses it (403: an IP restriction, or a key without the VPS service)',
  'accounts.key.refused': 'refused by the provider (401: wrong, revoked or expired)',
  'accounts.key.unreachable': 'not known, the provider did not answer the last check',
  'accounts.expires': 'expires {at}',
  'accounts.expired_at': 'expired {at}',
  'accounts.expires_never': 'never expires',
  'accounts.expires_unknown': 'expiry not known yet',
  'accounts.scope': '*Covers:* {scope}',
  'accounts.scope.unknown': 'not read yet',
  'accounts.scope.vps': 'VPS, {permission}, {targets}',
  'accounts.scope.vps_none': 'no VPS',
  'accounts.scope.targets_all': 'all servers',
  'accounts.scope.targets_selected': '{count, plural, one {# selected server} other {# selected servers}}',
  'accounts.scope.hosting': 'web hosting, {permission}, {servers}',
  'accounts.scope.hosting_none': 'no web hosting',
  'accounts.scope.signup_yes': 'new signups allowed',
  'accounts.scope.signup_no': 'no new signups',
  'accounts.channels': '*Channels:* {channels}',
  'accounts.channels_none': '*Channels:* none bound yet',
  'accounts.channel_from_slack': '{channel} (bound from Slack)',
  'accounts.requests':
    '*Requests today:* {used, number} of {limit, number} ({left, plural, one {# left} other {# left}})',
  'accounts.requests_no_limit': '*Requests today:* {used, number} (no daily limit is configured)',
  'accounts.figures_unknown': '_The key’s figures could not be read just now._',
  'accounts.hint':
    'An admin binds a channel with `/vps account use <name>` in that channel. A channel the policy file binds keeps its account.',
  'accounts.bound':
    ':link: <@{user}> bound this channel to *{label}* (`{name}`): commands here now work on that account.',
  'accounts.moved':
    ':link: <@{user}> moved this channel from *{previous}* to *{label}* (`{name}`): commands here now work on that account.',

  'error.account_unbound':
    'This channel is not bound to a provider account, and the bot serves several. {count, plural, one {One channel is bound now:} other {# channels are bound now:}} {bound}. An admin binds this one with `/vps account use <name>` here (the names: {names}).',
  'error.account_unbound.binding': '{channel} to {label}',
  'error.account_unbound.none':
    'This channel is not bound to a provider account, and the bot serves several; no channel is bound yet. An admin binds this one with `/vps account use <name>` here (the names: {names}).',
  'error.account_unknown': 'There is no account named `{name}`. The accounts are {accounts}.',
  'error.account_unknown.one': '`{name}` ({label})',
  'error.account_bound_in_policy':
    'The policy file binds this channel to *{label}*, and the file wins: to move it to another account, change its entry under `channels:` there.',
} as const;

const ja = {
  'help.cmd.accounts':
    '`/vps accounts` — このボットが扱うプロバイダーアカウントの一覧（キーの状態と有効期限、対象範囲、チャンネル、今日のリクエスト数）',
  'help.cmd.bind_channel':
    '`/vps account use <名前>` — このチャンネルをそのプロバイダーアカウントで使います（例: `/vps account use shop`）',
  'usage.accounts': '使い方: `/vps accounts`（引数なし）',
  'usage.account':
    '使い方: 紐づけたいチャンネルで `/vps account use <名前>`（例: `/vps account use shop`）。名前は `/vps accounts` で確認できます。',

  'accounts.title': 'プロバイダーアカウント',
  'accounts.name': '*{label}* `{name}`',
  'accounts.default': '_どのアカウントにも紐づいていないチャンネルは、このアカウントを使います。_',
  'accounts.key': '*キー:* {health}・{expiry}',
  'accounts.key.ok': '正常',
  'accounts.key.unchecked': 'まだ確認していません',
  'accounts.key.expired': '有効期限を過ぎています（いつ拒否されてもおかしくありません）',
  'accounts.key.forbidden': 'プロバイダーに拒否されています（403: IP制限、またはVPSサービスのないキー）',
  'accounts.key.refused': 'プロバイダーに拒否されています（401: 誤り、無効化、または期限切れ）',
  'accounts.key.unreachable': '不明（前回の確認にプロバイダーが応答しませんでした）',
  'accounts.expires': '有効期限 {at}',
  'accounts.expired_at': '{at} に期限切れ',
  'accounts.expires_never': '有効期限なし',
  'accounts.expires_unknown': '有効期限は未確認',
  'accounts.scope': '*対象範囲:* {scope}',
  'accounts.scope.unknown': 'まだ読み込んでいません',
  'accounts.scope.vps': 'VPS（{permission}、{targets}）',
  'accounts.scope.vps_none': 'VPSなし',
  'accounts.scope.targets_all': 'すべてのサーバー',
  'accounts.scope.targets_selected': '選択した {count, plural, other {#台}}',
  'accounts.scope.hosting': 'レンタルサーバー（{permission}、{servers}）',
  'accounts.scope.hosting_none': 'レンタルサーバーなし',
  'accounts.scope.signup_yes': '新規申し込み可',
  'accounts.scope.signup_no': '新規申し込み不可',
  'accounts.channels': '*チャンネル:* {channels}',
  'accounts.channels_none': '*チャンネル:* まだ紐づいていません',
  'accounts.channel_from_slack': '{channel}（Slackから紐づけ）',
  'accounts.requests':
    '*今日のリクエスト数:* {limit, number} 件中 {used, number} 件（残り {left, plural, other {# 件}}）',
  'accounts.requests_no_limit': '*今日のリクエスト数:* {used, number} 件（1日の上限は設定されていません）',
  'accounts.figures_unknown': '_いまはキーの情報を読み込めませんでした。_',
  'accounts.hint':
    'チャンネルをアカウントに紐づけるには、管理者がそのチャンネルで `/vps account use <名前>` を実行します。ポリシーファイルで紐づけたチャンネルは、そのアカウントのままです。',
  'accounts.bound':
    ':link: <@{user}> さんがこのチャンネルを *{label}*（`{name}`）に紐づけました。ここでのコマンドはこのアカウントで動きます。',
  'accounts.moved':
    ':link: <@{user}> さんがこのチャンネルの紐づけを *{previous}* から *{label}*（`{name}`）に変えました。ここでのコマンドはこのアカウントで動きます。',

  'error.account_unbound':
    'このチャンネルはどのプロバイダーアカウントにも紐づいておらず、ボットは複数のアカウントを扱っています。いま紐づいているチャンネル（{count, plural, other {#件}}）: {bound}。管理者がこのチャンネルで `/vps account use <名前>` を実行すると紐づけられます（名前: {names}）。',
  'error.account_unbound.binding': '{channel} → {label}',
  'error.account_unbound.none':
    'このチャンネルはどのプロバイダーアカウントにも紐づいておらず、ボットは複数のアカウントを扱っています。まだ紐づいたチャンネルはありません。管理者がこのチャンネルで `/vps account use <名前>` を実行すると紐づけられます（名前: {names}）。',
  'error.account_unknown': '`{name}` という名前のアカウントはありません。アカウントは {accounts} です。',
  'error.account_unknown.one': '`{name}`（{label}）',
  'error.account_bound_in_policy':
    'このチャンネルはポリシーファイルで *{label}* に紐づいており、ファイルの設定が優先されます。別のアカウントに移すには、ファイルの `channels:` の項目を変えてください。',
} as const;

export const accountsCatalog = catalog(en, ja);
